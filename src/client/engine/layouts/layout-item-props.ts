import type { RecordView } from '../../../shared/generated/record-view';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { Locale } from '../../../shared/i18n/locale';
import type { DictOptions } from '../dict-option';
import type { LoadedDefinition } from '../use-resource-definition';

/** What every public layout receives: one page of records and how to name, show and open them. */
export interface LayoutItemsProps {
  records: readonly RecordView[];
  layout: NonNullable<ResourceListFile['layout']>;
  definition: LoadedDefinition;
  dictOptions: DictOptions;
  locale: Locale;
  /** The record's detail page (the list file's links.detail, or the engine's). */
  hrefOf: (record: RecordView) => string;
}
