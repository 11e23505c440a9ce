import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import type { ListFilter } from '../../shared/resource/list-fields';
import { stateTitle } from '../../shared/resource/workflow-rules';
import { textsFor } from '../i18n/texts';
import type { DictOptions } from './dict-option';
import type { FilterValues } from './list-filter-values';

/** A filter's choices: its workflow's states, its dictionary's labels, 是 / 否, or the values it lists. */
function optionsOf(filter: ListFilter, dictOptions: DictOptions, workflow: WorkflowFile, locale: Locale) {
  const texts = textsFor(locale);
  if (filter.field === 'status')
    return (filter.options ?? []).map((state) => ({ value: String(state), label: stateTitle(workflow, String(state), locale) }));
  if (filter.dict) return (dictOptions[filter.dict] ?? []).map((option) => ({ value: option.value, label: option.label }));
  if (filter.type === 'boolean')
    return [
      { value: 'true', label: texts.yes },
      { value: 'false', label: texts.no },
    ];
  return (filter.options ?? []).map((option) => ({ value: String(option), label: String(option) }));
}

/**
 * The staff table's filter bar: a text box for a free text filter, a select for every other, then 查询 and
 * 重置. The values are text; the table types them (typedFilterValues) before it asks for a page.
 */
export function ListFilterForm({
  form,
  filters,
  initialValues,
  dictOptions,
  workflow,
  locale,
  onSearch,
}: {
  form: FormInstance<FilterValues>;
  filters: readonly ListFilter[];
  initialValues: FilterValues;
  dictOptions: DictOptions;
  workflow: WorkflowFile;
  locale: Locale;
  onSearch: (values: FilterValues) => void;
}) {
  const texts = textsFor(locale);
  return (
    <Form
      form={form}
      layout="inline"
      className="kc-list-filters"
      onFinish={onSearch}
      initialValues={Object.fromEntries(
        Object.entries(initialValues).map(([field, value]) => [field, typeof value === 'string' ? value : String(value)]),
      )}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {filters.map((filter) => (
        <Form.Item key={filter.field} name={filter.field} label={filter.title}>
          {filter.field !== 'status' && filter.type === 'string' && !filter.dict && !filter.options ? (
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          ) : (
            <Select
              allowClear
              aria-label={filter.title}
              style={{ width: 160 }}
              options={optionsOf(filter, dictOptions, workflow, locale)}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {texts.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {texts.resetFilters}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
