import { fullFormats } from 'ajv-formats/dist/formats.js';
import { CUSTOM_FORMATS } from '../../shared/schema/custom-formats';

type FormatCheck = (value: string) => boolean;

function toCheck(format: unknown): FormatCheck | undefined {
  if (format === true) return () => true;
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return (value) => Boolean((format as (v: string) => unknown)(value));
  if (typeof format === 'object' && format !== null && 'validate' in format) {
    if ('async' in format && format.async) return undefined;
    return toCheck(format.validate);
  }
  return undefined;
}

const CHECKS = new Map<string, FormatCheck>();
for (const [name, format] of Object.entries(fullFormats)) {
  const check = toCheck(format);
  if (check) CHECKS.set(name, check);
}
// createAjv registers the same functions, so a code the browser accepts is one the server accepts.
for (const [name, check] of Object.entries(CUSTOM_FORMATS)) CHECKS.set(name, check);

/**
 * The same format checks the server's ajv uses (ajv-formats in full mode plus CUSTOM_FORMATS), so
 * the browser and the server agree on what a valid email or 统一社会信用代码 is. Undefined for a
 * format the server would not know either.
 */
export function formatCheck(format: string): FormatCheck | undefined {
  return CHECKS.get(format);
}
