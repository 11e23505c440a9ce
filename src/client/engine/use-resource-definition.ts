import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { ResourceListFile } from '../../shared/generated/resource-list-file';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { dataProvider } from '../api/data-provider';
import { useLoad } from '../hooks/use-load';
import { localizedEntryTitle } from '../../shared/i18n/localized-title';

/** A resource definition with its parts typed as the files they come from. */
export interface LoadedDefinition extends Omit<ResourceDefinition, 'record' | 'workflow' | 'lists'> {
  record: JsonSchema;
  workflow: WorkflowFile;
  lists: Record<string, ResourceListFile>;
}

/** The resource's folder as the server read it at start; `failed` when it could not be loaded (the HTTP client said why). */
export function useResourceDefinition(resource: string): { definition: LoadedDefinition | undefined; failed: boolean; retry: () => void } {
  const { value, failed, retry } = useLoad(() => dataProvider.getDefinition(resource), resource);
  return { definition: value as unknown as LoadedDefinition | undefined, failed, retry };
}

export function resourceTitle(definition: Pick<ResourceDefinition, 'title' | 'titleEn'>, locale: string): string {
  return locale === 'en-US' && definition.titleEn ? definition.titleEn : definition.title;
}

export function listTitle(list: ResourceListFile, locale: string): string {
  return localizedEntryTitle(list, locale);
}
