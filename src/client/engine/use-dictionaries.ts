import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { dictCodesOf } from '../../shared/schema/collect-dict-codes';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { arrivedDictOptions, loadDictOptions } from '../api/dict-api';
import type { DictOptions } from './dict-option';

/**
 * Loads every dictionary a schema names (`x-dict`). `undefined` while loading; a dictionary that
 * failed to load (the HTTP client has shown why) gives no options rather than blocking the form.
 */
export function useDictionaries(schema: JsonSchema | undefined, locale: Locale): DictOptions | undefined {
  const [loaded, setLoaded] = useState<{ key: string; options: DictOptions }>();
  const codes = schema ? dictCodesOf(schema) : [];
  const key = `${locale}|${codes.join(',')}`;

  // Dictionaries that have all arrived already (the page brought them) are there for the first render.
  const instant = useMemo((): DictOptions | undefined => {
    const entries = codes.flatMap((code) => {
      const options = arrivedDictOptions(code, locale);
      return options ? [[code, options] as const] : [];
    });
    return entries.length === codes.length ? Object.fromEntries(entries) : undefined;
    // `key` stands for the codes and the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [key]);

  useEffect(() => {
    // Nothing to wait for: loading them again would only hand the form a second, equal set of options,
    // and with it a second compile and a new form window under the user's hands.
    if (!schema || instant) return;
    let active = true;
    void Promise.all(
      codes.map((code) =>
        loadDictOptions(code, locale).then(
          (options) => [code, options] as const,
          () => [code, []] as const,
        ),
      ),
    ).then((entries) => {
      if (active) setLoaded({ key, options: Object.fromEntries(entries) });
    });
    return () => {
      active = false;
    };
    // `key` stands for the codes and the locale, which are derived from `schema` and `locale`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [key, schema, instant]);

  if (!schema) return undefined;
  return loaded?.key === key ? loaded.options : instant;
}
