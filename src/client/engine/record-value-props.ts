import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import type { ColumnKind } from '../../shared/resource/list-fields';
import type { JsonSchema } from '../../shared/schema/json-schema';
import type { DictOptions } from './dict-option';

export interface RecordValueProps {
  kind: ColumnKind;
  value: unknown;
  /** The field's schema node (an enum's labels, a dictionary's code). */
  node: JsonSchema | undefined;
  dictOptions: DictOptions;
  workflow: WorkflowFile;
  locale: Locale;
}
