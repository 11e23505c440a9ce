import { Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { DictCatalogueEntry } from './dict-catalogue';
import type { DesignerTexts } from './designer-texts';
import { setKeyword } from './schema-edits';

/** Where a field's options are written: a multiple choice's on its items, a single choice's on itself. */
const optionsNode = (field: JsonSchema): JsonSchema =>
  field.type === 'array' && field.items && !Array.isArray(field.items) ? field.items : field;

const linesOf = (node: JsonSchema): string =>
  (node.enum ?? []).map((value, index) => `${String(value)}=${node['x-enum-labels']?.[index] ?? String(value)}`).join('\n');

/** "value=label" lines to enum and x-enum-labels; a line without "=" is its own label. Empty lines are skipped. */
function parseLines(text: string): { values: string[]; labels: string[] } {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? [line, line] : [line.slice(0, at).trim(), line.slice(at + 1).trim() || line.slice(0, at).trim()];
    });
  return { values: entries.map(([value]) => value ?? ''), labels: entries.map(([, label]) => label ?? '') };
}

export interface FieldOptionsEditorProps {
  field: JsonSchema;
  idPrefix: string;
  dicts: readonly DictCatalogueEntry[];
  texts: DesignerTexts;
  edit: (change: (field: JsonSchema) => void) => void;
}

/**
 * A choice's options: a dictionary (x-dict, checked against the dictionary on the server; a retired one is
 * not offered, ADR 0055) or values written in the schema.
 */
export function FieldOptionsEditor({ field, idPrefix, dicts, texts, edit }: FieldOptionsEditorProps) {
  const fromDict = field['x-dict'] !== undefined;
  const node = optionsNode(field);
  const [lines, setLines] = useState(linesOf(node));
  useEffect(() => setLines(linesOf(optionsNode(field))), [field]);

  const chooseDict = (code: string) =>
    edit((target) => {
      const options = optionsNode(target);
      setKeyword(options, 'enum', undefined);
      setKeyword(options, 'x-enum-labels', undefined);
      setKeyword(target, 'x-dict', code);
    });
  const writeOwnOptions = () =>
    edit((target) => {
      setKeyword(target, 'x-dict', undefined);
      const options = optionsNode(target);
      setKeyword(options, 'enum', ['option1', 'option2']);
      setKeyword(options, 'x-enum-labels', ['选项一', '选项二']);
    });
  const writeLines = () => {
    const { values, labels } = parseLines(lines);
    if (values.length === 0) return;
    edit((target) => {
      const options = optionsNode(target);
      setKeyword(options, 'enum', values);
      setKeyword(options, 'x-enum-labels', labels);
    });
  };

  return (
    <>
      <Form.Item label={texts.optionsSource}>
        <Radio.Group
          value={fromDict ? 'dict' : 'own'}
          onChange={(event) =>
            event.target.value === 'dict' ? chooseDict(dicts.find((dict) => dict.retired !== true)?.code ?? 'need_type') : writeOwnOptions()
          }
          options={[
            { value: 'dict', label: texts.optionsDict },
            { value: 'own', label: texts.optionsOwn },
          ]}
        />
      </Form.Item>
      {fromDict ? (
        <Form.Item label={texts.dict} htmlFor={`${idPrefix}-dict`}>
          <Select
            id={`${idPrefix}-dict`}
            showSearch
            optionFilterProp="label"
            value={field['x-dict']}
            onChange={chooseDict}
            // A retired dictionary (ADR 0055) is not offered for a new field: shown disabled, so a field that names it still reads its name.
            options={dicts.map((dict) => ({
              value: dict.code,
              label: texts.dictOptionLabel(dict.name, dict.code, dict.retired === true),
              disabled: dict.retired === true,
            }))}
          />
        </Form.Item>
      ) : (
        <Form.Item label={texts.options} htmlFor={`${idPrefix}-options`}>
          <Input.TextArea
            id={`${idPrefix}-options`}
            rows={4}
            value={lines}
            onChange={(event) => setLines(event.target.value)}
            onBlur={writeLines}
          />
        </Form.Item>
      )}
    </>
  );
}
