import { Button, Checkbox, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { DictCatalogueEntry } from './dict-catalogue';
import type { DesignerTexts } from './designer-texts';
import { addShowWhen, clearShowWhen, conditionsOfField } from './field-conditions';
import { kindOf } from './field-kind';
import { fieldsAt, type FieldPath } from './schema-edits';

interface ValueOption {
  value: string;
  label: string;
  raw: unknown;
}

/** The values a condition field can take, with their labels: its enum, its dictionary's items, or yes and no. */
function valuesOf(field: JsonSchema, dicts: readonly DictCatalogueEntry[], texts: DesignerTexts): ValueOption[] {
  if (field.type === 'boolean')
    return [
      { value: 'true', label: texts.yes, raw: true },
      { value: 'false', label: texts.no, raw: false },
    ];
  const code = field['x-dict'];
  if (code !== undefined)
    return (dicts.find((dict) => dict.code === code)?.items ?? []).map((item) => ({
      value: item.dictKey,
      label: item.dictValue,
      raw: item.dictKey,
    }));
  return (field.enum ?? []).map((value, index) => ({
    value: JSON.stringify(value),
    label: field['x-enum-labels']?.[index] ?? String(value),
    raw: value,
  }));
}

export interface FieldConditionEditorProps {
  root: JsonSchema;
  path: FieldPath;
  idPrefix: string;
  dicts: readonly DictCatalogueEntry[];
  texts: DesignerTexts;
  onChange: (root: JsonSchema) => void;
}

/** "Shown (and required) when … is …": standard if/then that ajv enforces and the form derives its show/hide from. */
export function FieldConditionEditor({ root, path, idPrefix, dicts, texts, onChange }: FieldConditionEditorProps) {
  const name = path[path.length - 1];
  const candidates = fieldsAt(root, path.slice(0, -1)).filter(
    (sibling) => sibling.name !== name && ['select', 'radio', 'yesNo'].includes(kindOf(sibling.schema)),
  );
  const [on, setOn] = useState<string>();
  const [value, setValue] = useState<string>();
  const [required, setRequired] = useState(true);
  const conditions = conditionsOfField(root, path);
  const chosen = candidates.find((candidate) => candidate.name === (on ?? candidates[0]?.name));
  const values = chosen ? valuesOf(chosen.schema, dicts, texts) : [];
  const titleOf = (field: string) => candidates.find((candidate) => candidate.name === field)?.schema.title ?? field;

  return (
    <Form.Item label={texts.condition}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {conditions.length === 0 ? (
          <Typography.Text type="secondary">{texts.conditionAlways}</Typography.Text>
        ) : (
          <>
            {conditions.map((condition, index) => {
              const test = condition.when[0];
              const holder = candidates.find((candidate) => candidate.name === test?.field);
              const label = holder ? valuesOf(holder.schema, dicts, texts).find((option) => option.raw === test?.const)?.label : undefined;
              return (
                <Typography.Text key={index}>
                  {texts.conditionWhen(
                    titleOf(test?.field ?? ''),
                    label ?? JSON.stringify(test?.const ?? test?.enum),
                    name !== undefined && (condition.thenRequired.includes(name) || condition.elseRequired.includes(name)),
                  )}
                </Typography.Text>
              );
            })}
            <Button size="small" onClick={() => onChange(clearShowWhen(root, path))}>
              {texts.conditionClear}
            </Button>
          </>
        )}
        {candidates.length === 0 ? (
          <Typography.Text type="secondary">{texts.conditionNone}</Typography.Text>
        ) : (
          <Space wrap>
            <Select
              id={`${idPrefix}-condition-field`}
              aria-label={texts.conditionField}
              style={{ minWidth: 140 }}
              value={chosen?.name}
              onChange={(field: string) => {
                setOn(field);
                setValue(undefined);
              }}
              options={candidates.map((candidate) => ({ value: candidate.name, label: candidate.schema.title ?? candidate.name }))}
            />
            <Select
              id={`${idPrefix}-condition-value`}
              aria-label={texts.conditionValue}
              style={{ minWidth: 120 }}
              value={value ?? values[0]?.value}
              onChange={setValue}
              options={values.map(({ value: key, label }) => ({ value: key, label }))}
            />
            <Checkbox checked={required} onChange={(event) => setRequired(event.target.checked)}>
              {texts.conditionRequired}
            </Checkbox>
            <Button
              onClick={() => {
                const picked = values.find((option) => option.value === (value ?? values[0]?.value));
                if (chosen && picked) onChange(addShowWhen(root, path, { field: chosen.name, value: picked.raw, required }));
              }}
            >
              {texts.conditionAdd}
            </Button>
          </Space>
        )}
      </Space>
    </Form.Item>
  );
}
