import { useEffect, useState } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { loadDictOptions } from '../api/dict-api';
import type { DictOption } from '../engine/dict-option';

/** One dictionary's options in the language; none while loading or when it failed (its keys then show). */
export function useDictOptions(code: string, locale: Locale): readonly DictOption[] {
  const [loaded, setLoaded] = useState<{ key: string; options: readonly DictOption[] }>();
  const key = `${code}|${locale}`;
  useEffect(() => {
    let active = true;
    loadDictOptions(code, locale).then(
      (options) => active && setLoaded({ key, options }),
      () => active && setLoaded({ key, options: [] }),
    );
    return () => {
      active = false;
    };
  }, [key, code, locale]);
  return loaded?.key === key ? loaded.options : [];
}

/** A dictionary key's label, or the key itself while the dictionary loads. */
export function useDictLabels(code: string, locale: Locale): (value: string) => string {
  const options = useDictOptions(code, locale);
  return (value) => options.find((option) => option.value === value)?.label ?? value;
}
