import { Alert, Checkbox, Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { DesignerContext } from './designer-context';
import type { DesignerTexts } from './designer-texts';
import type { DictCatalogueEntry } from './dict-catalogue';
import { FieldCompareEditor } from './field-compare-editor';
import { FieldConditionEditor } from './field-condition-editor';
import { hasOptions, kindOf, type FieldKind } from './field-kind';
import { FieldOptionsEditor } from './field-options-editor';
import { englishText, setChineseText, setEnglishText } from './field-texts';
import { keptKeywords } from './panel-keywords';
import { fieldAt, fieldsAt, setKeyword, setRequired, updateField, type FieldPath } from './schema-edits';

/** The ready formats of a text field: our own (custom-formats.ts) and ajv-formats' e-mail. */
const FORMATS = ['mobile', 'uscc', 'idcard', 'email'] as const;
const UPLOAD_TYPES = ['pdf', 'jpg', 'png', 'docx', 'xlsx', 'zip'] as const;
const MB = 1_048_576;

const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'textarea', 'richText']);
const COUNT_KINDS: ReadonlySet<FieldKind> = new Set(['checkboxes', 'upload', 'table', 'cards']);
const COMPARE_KINDS: ReadonlySet<FieldKind> = new Set(['date', 'datetime', 'number']);

/** The x-upload the panel edits, read as the checker has accepted it; anything else is shown read-only in JSON. */
function uploadRuleOf(rule: unknown) {
  if (typeof rule !== 'object' || rule === null) return undefined;
  const { accept, maxSize } = rule as Record<string, unknown>;
  if (!Array.isArray(accept) || typeof maxSize !== 'number') return undefined;
  return { accept: accept.filter((type): type is string => typeof type === 'string'), maxSize };
}

export interface FieldPropertyPanelProps {
  root: JsonSchema;
  path: FieldPath;
  context: DesignerContext;
  dicts: readonly DictCatalogueEntry[];
  texts: DesignerTexts;
  onChange: (root: JsonSchema) => void;
}

/**
 * The selected field's properties: its texts in both languages, required, lengths and ranges, a
 * ready format or a pattern, its options, a comparison, upload rules, x-unique, x-mask and when it is
 * shown. Each control writes one keyword where it stands; the keywords it does not edit are listed,
 * kept as they are.
 */
export function FieldPropertyPanel({ root, path, context, dicts, texts, onChange }: FieldPropertyPanelProps) {
  const field = fieldAt(root, path);
  if (!field) return null;
  const kind = kindOf(field);
  const name = path[path.length - 1] ?? '';
  const idPrefix = `kc-designer-${path.join('-')}`;
  const siblings = fieldsAt(root, path.slice(0, -1));
  const required = siblings.find((sibling) => sibling.name === name)?.required ?? false;
  const edit = (change: (node: JsonSchema) => void) => onChange(updateField(root, path, change));
  const number = (keyword: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems', label: string) => (
    <Form.Item label={label} htmlFor={`${idPrefix}-${keyword}`}>
      <InputNumber
        id={`${idPrefix}-${keyword}`}
        style={{ width: '100%' }}
        min={keyword === 'minimum' || keyword === 'maximum' ? undefined : 0}
        precision={keyword === 'minimum' || keyword === 'maximum' ? undefined : 0}
        value={field[keyword] ?? null}
        onChange={(value) => edit((node) => setKeyword(node, keyword, value ?? undefined))}
      />
    </Form.Item>
  );
  const text = (label: string, id: string, value: string, write: (node: JsonSchema, value: string) => void, long = false) => (
    <Form.Item label={label} htmlFor={`${idPrefix}-${id}`}>
      {long ? (
        <Input.TextArea
          id={`${idPrefix}-${id}`}
          rows={2}
          value={value}
          onChange={(event) => edit((node) => write(node, event.target.value))}
        />
      ) : (
        <Input id={`${idPrefix}-${id}`} value={value} onChange={(event) => edit((node) => write(node, event.target.value))} />
      )}
    </Form.Item>
  );
  const upload = uploadRuleOf(field['x-upload']);
  const kept = keptKeywords(field);

  return (
    <Form layout="vertical" size="small" className="kc-designer-panel">
      <Form.Item label={texts.fieldName} extra={texts.fieldNameHelp}>
        <Typography.Text code>{name}</Typography.Text> <Tag>{texts.kind(kind)}</Tag>
      </Form.Item>
      {kind === 'other' && <Alert type="info" showIcon message={texts.otherKind} style={{ marginBottom: 12 }} />}
      {text(texts.titleZh, 'title', field.title ?? '', (node, value) => setChineseText(node, 'title', value))}
      {text(texts.titleEn, 'title-en', englishText(field, 'title'), (node, value) => setEnglishText(node, 'title', value))}
      {text(texts.helpZh, 'help', field.description ?? '', (node, value) => setChineseText(node, 'description', value), true)}
      {text(texts.helpEn, 'help-en', englishText(field, 'description'), (node, value) => setEnglishText(node, 'description', value), true)}
      <Form.Item label={texts.required} htmlFor={`${idPrefix}-required`}>
        <Switch id={`${idPrefix}-required`} checked={required} onChange={(checked) => onChange(setRequired(root, path, checked))} />
      </Form.Item>
      {TEXT_KINDS.has(kind) && (
        <>
          {number('minLength', texts.minLength)}
          {number('maxLength', texts.maxLength)}
        </>
      )}
      {kind === 'text' && (
        <>
          <Form.Item label={texts.format} htmlFor={`${idPrefix}-format`}>
            <Select
              id={`${idPrefix}-format`}
              showSearch
              optionFilterProp="label"
              value={field.format ?? ''}
              onChange={(value: string) => edit((node) => setKeyword(node, 'format', value === '' ? undefined : value))}
              options={[
                { value: '', label: texts.formatNone },
                ...FORMATS.map((format) => ({ value: format, label: texts[`format_${format}`] })),
              ]}
            />
          </Form.Item>
          {text(texts.pattern, 'pattern', field.pattern ?? '', (node, value) =>
            setKeyword(node, 'pattern', value === '' ? undefined : value),
          )}
        </>
      )}
      {kind === 'number' && (
        <>
          {number('minimum', texts.minimum)}
          {number('maximum', texts.maximum)}
        </>
      )}
      {COUNT_KINDS.has(kind) && (
        <>
          {number('minItems', texts.minItems)}
          {number('maxItems', texts.maxItems)}
        </>
      )}
      {hasOptions(kind) && <FieldOptionsEditor field={field} idPrefix={idPrefix} dicts={dicts} texts={texts} edit={edit} />}
      {kind === 'upload' && upload && (
        <>
          <Form.Item label={texts.accept}>
            <Checkbox.Group
              value={upload.accept}
              onChange={(values) => values.length > 0 && edit((node) => setKeyword(node, 'x-upload', { ...upload, accept: values }))}
              options={UPLOAD_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))}
            />
          </Form.Item>
          <Form.Item label={texts.maxSizeMb} htmlFor={`${idPrefix}-max-size`}>
            <InputNumber
              id={`${idPrefix}-max-size`}
              min={1}
              max={50}
              value={Math.round((upload.maxSize / MB) * 10) / 10}
              onChange={(value) => value && edit((node) => setKeyword(node, 'x-upload', { ...upload, maxSize: Math.round(value * MB) }))}
            />
          </Form.Item>
        </>
      )}
      {COMPARE_KINDS.has(kind) && (
        <FieldCompareEditor
          field={field}
          siblings={siblings.filter((sibling) => sibling.name !== name && kindOf(sibling.schema) === kind)}
          idPrefix={idPrefix}
          texts={texts}
          edit={edit}
        />
      )}
      {context.activityStep && path.length <= 2 && (kind === 'text' || kind === 'select' || kind === 'radio') && (
        <Form.Item label={texts.unique} htmlFor={`${idPrefix}-unique`}>
          <Switch
            id={`${idPrefix}-unique`}
            checked={field['x-unique'] === true}
            onChange={(checked) => edit((node) => setKeyword(node, 'x-unique', checked ? true : undefined))}
          />
        </Form.Item>
      )}
      {context.resourceRecord && path.length === 1 && kind === 'text' && (
        <Form.Item label={texts.mask} htmlFor={`${idPrefix}-mask`}>
          <Select
            id={`${idPrefix}-mask`}
            value={typeof field['x-mask'] === 'string' ? field['x-mask'] : ''}
            onChange={(value: string) => edit((node) => setKeyword(node, 'x-mask', value === '' ? undefined : value))}
            options={[
              { value: '', label: texts.maskNone },
              { value: 'idNumber', label: texts.mask_idNumber },
              { value: 'phone', label: texts.mask_phone },
            ]}
          />
        </Form.Item>
      )}
      <FieldConditionEditor root={root} path={path} idPrefix={idPrefix} dicts={dicts} texts={texts} onChange={onChange} />
      {kept.length > 0 && (
        <Alert
          type="info"
          message={texts.kept}
          description={kept.map((keyword) => (
            <Tag key={keyword}>
              <code>{keyword}</code>
            </Tag>
          ))}
        />
      )}
    </Form>
  );
}
