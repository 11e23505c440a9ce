import { AutoComplete } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { dataProvider } from '../api/data-provider';
import type { TextWidgetProps } from './text-widget-props';

export interface SuggestInputProps extends TextWidgetProps {
  'aria-label'?: string;
  /** Where the suggestions come from: set by compileSchema from the field's x-suggest. */
  suggest: { resource: string; list: string; field: string };
}

/** How long typing must pause before the list is asked, and how many suggestions show. */
const PAUSE_MS = 250;
const SUGGESTIONS = 10;

/**
 * A text input that offers the values of one field of a resource list as the user types (the
 * settled organisations' names for a membership request). Any text may still be typed: the
 * server decides, and says so on the field. A failed lookup only means no suggestions.
 */
export function SuggestInput({
  value,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  disabled,
  readOnly,
  suggest,
  'aria-label': ariaLabel,
}: SuggestInputProps) {
  const [options, setOptions] = useState<{ value: string }[]>([]);
  const latest = useRef(0);
  const { resource, list, field } = suggest;

  useEffect(() => {
    const text = (value ?? '').trim();
    const request = ++latest.current;
    if (text === '' || disabled || readOnly) {
      setOptions([]);
      return undefined;
    }
    const timer = setTimeout(() => {
      dataProvider
        .getList(resource, list, { pageNo: 1, pageSize: SUGGESTIONS, [field]: text })
        .then((page) => {
          if (request !== latest.current) return;
          const names = page.records.map((record) => record.data[field]).filter((name): name is string => typeof name === 'string');
          setOptions([...new Set(names)].map((name) => ({ value: name })));
        })
        .catch(() => {
          if (request === latest.current) setOptions([]);
        });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, resource, list, field, disabled, readOnly]);

  return (
    <AutoComplete
      value={value}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      onBlur={onBlur}
      onFocus={onFocus}
      placeholder={placeholder}
      disabled={disabled || readOnly}
      aria-label={ariaLabel}
    />
  );
}
