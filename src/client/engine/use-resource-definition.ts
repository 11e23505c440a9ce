import { useCallback, useEffect, useState } from 'react';
import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { ResourceListFile } from '../../shared/generated/resource-list-file';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { dataProvider } from '../api/data-provider';
import { localizedEntryTitle } from '../../shared/i18n/localized-title';

/** A resource definition with its parts typed as the files they come from. */
export interface LoadedDefinition extends Omit<ResourceDefinition, 'record' | 'workflow' | 'lists'> {
  record: JsonSchema;
  workflow: WorkflowFile;
  lists: Record<string, ResourceListFile>;
}

/** The resource's folder as the server read it at start; `failed` when it could not be loaded (the HTTP client said why). */
export function useResourceDefinition(resource: string): { definition: LoadedDefinition | undefined; failed: boolean; retry: () => void } {
  const [definition, setDefinition] = useState<LoadedDefinition>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setFailed(false);
    dataProvider.getDefinition(resource).then(
      (loaded) => active && setDefinition(loaded as unknown as LoadedDefinition),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [resource, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { definition: definition?.name === resource ? definition : undefined, failed, retry };
}

export function resourceTitle(definition: Pick<ResourceDefinition, 'title' | 'titleEn'>, locale: string): string {
  return locale === 'en-US' && definition.titleEn ? definition.titleEn : definition.title;
}

export function listTitle(list: ResourceListFile, locale: string): string {
  return localizedEntryTitle(list, locale);
}
