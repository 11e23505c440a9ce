/** Which escaping a value gets where it is placed. */
export type TemplateEscape = 'json' | 'form' | 'url' | 'none';

/** The escaping a request body needs for its Content-Type: a value must never break out of its place. */
export function escapeForContentType(contentType: string | undefined): TemplateEscape {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('x-www-form-urlencoded')) return 'form';
  return 'none';
}

function escape(value: string, how: TemplateEscape): string {
  if (how === 'json') return JSON.stringify(value).slice(1, -1);
  if (how === 'form' || how === 'url') return encodeURIComponent(value);
  return value;
}

/**
 * Replaces {name} with its value, escaped for where the template goes: inside a JSON string, a form or
 * URL parameter. One pass, so a value that itself contains {text} is never expanded again.
 */
export function fillTemplate(template: string, values: Record<string, string>, how: TemplateEscape): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : escape(value, how);
  });
}
