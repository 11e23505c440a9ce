import type { ReactNode } from 'react';
import { isRichTextNode } from '../../shared/schema/rich-text-fields';
import { formatDateTime } from '../i18n/format-date-time';
import { textsFor } from '../i18n/texts';
import type { RecordValueProps } from './record-value-props';
import { WorkflowStateTag } from './workflow-state-tag';

/**
 * A value that reads as one short text or a state tag (a label, a time, 是 / 否, a plain string or number),
 * or undefined for what needs more (files, rich text, rows, groups). Cheap on purpose: a public card's
 * facts and a table's cells are mostly these, and they need neither antd's Table nor the HTML sanitiser.
 */
export function scalarRecordValue({ kind, value, node, dictOptions, workflow, locale }: RecordValueProps): ReactNode | undefined {
  if (value === undefined || value === null || value === '') return '-';
  switch (kind) {
    case 'status':
      return <WorkflowStateTag workflow={workflow} state={String(value)} locale={locale} />;
    case 'dateTime':
      return formatDateTime(String(value));
    case 'dict': {
      const code = node?.['x-dict'];
      const option = code ? dictOptions[code]?.find((entry) => entry.value === value) : undefined;
      return option?.label ?? String(value);
    }
    case 'enum': {
      const index = node?.enum?.indexOf(value) ?? -1;
      const label = index >= 0 ? node?.['x-enum-labels']?.[index] : undefined;
      return label ?? String(value);
    }
    case 'boolean': {
      const texts = textsFor(locale);
      return value === true ? texts.yes : texts.no;
    }
    case 'files':
      return Array.isArray(value) ? undefined : '-';
    default:
      if (typeof value === 'string' && isRichTextNode(node)) return undefined;
      if (typeof value === 'object') return undefined;
      return String(value);
  }
}
