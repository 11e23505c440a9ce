import { Form, Select, Space } from 'antd';
import type { CompareOp, CompareRule, JsonSchema } from '../../../shared/schema/json-schema';
import type { DesignerTexts } from './designer-texts';
import type { DesignerField } from './schema-edits';
import { setKeyword } from './schema-edits';

const OPS: readonly CompareOp[] = ['<', '<=', '>', '>=', '==', '!='];

export interface FieldCompareEditorProps {
  field: JsonSchema;
  /** The siblings it may be compared with: same kind of value (dates with dates, numbers with numbers). */
  siblings: readonly DesignerField[];
  idPrefix: string;
  texts: DesignerTexts;
  edit: (change: (field: JsonSchema) => void) => void;
}

/** x-compare: a date not after today, an end not before its start, a number at most another. The message the author wrote stays. */
export function FieldCompareEditor({ field, siblings, idPrefix, texts, edit }: FieldCompareEditorProps) {
  const rule = field['x-compare'];
  const target = !rule ? 'none' : rule.today ? 'today' : rule.now ? 'now' : `field:${rule.field ?? ''}`;
  const targets = [
    { value: 'none', label: texts.compareNone },
    ...(field.format === 'date' ? [{ value: 'today', label: texts.compareToday }] : []),
    ...(field.format === 'date-time' ? [{ value: 'now', label: texts.compareNow }] : []),
    ...siblings.map((sibling) => ({ value: `field:${sibling.name}`, label: texts.compareField(sibling.schema.title ?? sibling.name) })),
  ];
  const write = (nextTarget: string, op: CompareOp) =>
    edit((node) => {
      if (nextTarget === 'none') {
        setKeyword(node, 'x-compare', undefined);
        return;
      }
      const next: CompareRule =
        nextTarget === 'today'
          ? { op, today: true }
          : nextTarget === 'now'
            ? { op, now: true }
            : { op, field: nextTarget.slice('field:'.length) };
      setKeyword(node, 'x-compare', rule?.message ? { ...next, message: rule.message } : next);
    });
  return (
    <Form.Item label={texts.compare} htmlFor={`${idPrefix}-compare`}>
      <Space wrap>
        <Select
          id={`${idPrefix}-compare-op`}
          aria-label={texts.compareOp}
          style={{ minWidth: 160 }}
          disabled={!rule}
          value={rule?.op ?? '<='}
          onChange={(op: CompareOp) => write(target, op)}
          options={OPS.map((op) => ({ value: op, label: texts[`op_${op}`] }))}
        />
        <Select
          id={`${idPrefix}-compare`}
          style={{ minWidth: 160 }}
          value={target}
          onChange={(value: string) => write(value, rule?.op ?? '<=')}
          options={targets}
        />
      </Space>
    </Form.Item>
  );
}
