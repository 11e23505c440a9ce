import type { FileRef } from '../../shared/generated/file-ref';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import type { ColumnKind } from '../../shared/resource/list-fields';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { isRichTextNode } from '../../shared/schema/rich-text-fields';
import { SafeHtml } from '../components/safe-html';
import { formatDateTime } from '../i18n/format-date-time';
import { textsFor } from '../i18n/texts';
import type { DictOptions } from './dict-option';
import { FileList } from './file-list';
import { WorkflowStateTag } from './workflow-state-tag';

export interface RecordValueProps {
  kind: ColumnKind;
  value: unknown;
  /** The field's schema node (an enum's labels, a dictionary's code). */
  node: JsonSchema | undefined;
  dictOptions: DictOptions;
  workflow: WorkflowFile;
  locale: Locale;
}

/**
 * One value of a record as people read it: a dictionary or enum label, a state tag, a Beijing time.
 * Text only (SECURITY R22), except a rich text field (x-component RichText), whose HTML goes through SafeHtml.
 */
export function RecordValue({ kind, value, node, dictOptions, workflow, locale }: RecordValueProps) {
  if (value === undefined || value === null || value === '') return <>-</>;
  switch (kind) {
    case 'status':
      return <WorkflowStateTag workflow={workflow} state={String(value)} locale={locale} />;
    case 'dateTime':
      return <>{formatDateTime(String(value))}</>;
    case 'dict': {
      const code = node?.['x-dict'];
      const option = code ? dictOptions[code]?.find((entry) => entry.value === value) : undefined;
      return <>{option?.label ?? String(value)}</>;
    }
    case 'enum': {
      const index = node?.enum?.indexOf(value) ?? -1;
      const label = index >= 0 ? node?.['x-enum-labels']?.[index] : undefined;
      return <>{label ?? String(value)}</>;
    }
    case 'boolean': {
      const texts = textsFor(locale);
      return <>{value === true ? texts.yes : texts.no}</>;
    }
    case 'files':
      return Array.isArray(value) ? <FileList files={value as FileRef[]} /> : <>-</>;
    default:
      if (typeof value === 'string' && isRichTextNode(node)) return <SafeHtml html={value} />;
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  }
}
