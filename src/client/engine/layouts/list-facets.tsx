import { Radio } from 'antd';
// Search alone: antd's Input would bring TextArea, Password and OTP to every visitor's list page.
import Search from 'antd/es/input/Search';
import { useEffect, useId, useState } from 'react';
import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import type { Locale } from '../../../shared/i18n/locale';
import type { ListFilter } from '../../../shared/resource/list-fields';
import { stateTitle } from '../../../shared/resource/workflow-rules';
import { textsFor } from '../../i18n/texts';
import type { DictOptions } from '../dict-option';
import { publicLayoutTexts } from './public-layout-texts';

interface Option {
  value: string;
  label: string;
}

function optionsOf(filter: ListFilter, dictOptions: DictOptions, workflow: WorkflowFile, locale: Locale): Option[] {
  const texts = publicLayoutTexts(locale);
  if (filter.field === 'status')
    return (filter.options ?? []).map((state) => ({ value: String(state), label: stateTitle(workflow, String(state), locale) }));
  if (filter.dict) return (dictOptions[filter.dict] ?? []).map((option) => ({ value: String(option.value), label: option.label }));
  if (filter.type === 'boolean')
    return [
      { value: 'true', label: textsFor(locale).yes },
      { value: 'false', label: textsFor(locale).no },
    ];
  if (filter.match === 'period')
    return [
      { value: 'on', label: texts.periodOn },
      { value: 'end', label: texts.periodEnd },
    ];
  return (filter.options ?? []).map((option) => ({ value: String(option), label: String(option) }));
}

/** A text filter as a search box: it searches when the person presses Enter or the button, not on every key. */
function SearchBox({
  filter,
  value,
  locale,
  onSearch,
}: {
  filter: ListFilter;
  value: string;
  locale: Locale;
  onSearch: (value: string) => void;
}) {
  const texts = publicLayoutTexts(locale);
  const [text, setText] = useState(value);
  // Back and forward change the address; the box follows it.
  useEffect(() => setText(value), [value]);
  return (
    <Search
      className="kc-list-search"
      value={text}
      maxLength={100}
      allowClear
      enterButton={texts.search}
      aria-label={texts.searchPlaceholder(filter.title)}
      placeholder={texts.searchPlaceholder(filter.title)}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onSearch(next.trim())}
    />
  );
}

/** One facet: its title, then 全部 and each value as a choice of one. */
function Facet({
  filter,
  options,
  value,
  locale,
  onChange,
}: {
  filter: ListFilter;
  options: Option[];
  value: string;
  locale: Locale;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="kc-facet" role="group" aria-labelledby={id}>
      <span id={id} className="kc-facet-title">
        {filter.title}
      </span>
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(event) => onChange(String(event.target.value))}
        options={[{ value: '', label: publicLayoutTexts(locale).all }, ...options]}
      />
    </div>
  );
}

/**
 * A public list's filters as people use a portal's: its text filters as a search bar, every other as a row
 * of facets. The values are the address's (the page keeps its query there), and a change goes back to it.
 */
export function ListFacets({
  filters,
  params,
  dictOptions,
  workflow,
  locale,
  onChange,
}: {
  filters: readonly ListFilter[];
  params: URLSearchParams;
  dictOptions: DictOptions;
  workflow: WorkflowFile;
  locale: Locale;
  onChange: (field: string, value: string) => void;
}) {
  const searches = filters.filter((filter) => filter.match === 'contains' || filter.match === 'month');
  const facets = filters.filter((filter) => !searches.includes(filter));
  if (filters.length === 0) return null;
  return (
    <div className="kc-list-facets">
      {searches.map((filter) => (
        <SearchBox
          key={filter.field}
          filter={filter}
          value={params.get(filter.field) ?? ''}
          locale={locale}
          onSearch={(value) => onChange(filter.field, value)}
        />
      ))}
      {facets.map((filter) => (
        <Facet
          key={filter.field}
          filter={filter}
          options={optionsOf(filter, dictOptions, workflow, locale)}
          value={params.get(filter.field) ?? ''}
          locale={locale}
          onChange={(value) => onChange(filter.field, value)}
        />
      ))}
    </div>
  );
}
