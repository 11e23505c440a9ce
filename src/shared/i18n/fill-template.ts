/**
 * A catalogue text with its `{name}` placeholders filled. A placeholder without a value stays as
 * written, so a missing value shows in the page instead of silently vanishing.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
