/**
 * A public record's data as a reader without a right to the whole record receives it: only the
 * fields resource.json visitors.fields names, whatever else the record holds (issue 30).
 */
export function visitorData(data: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.flatMap((field) => (Object.hasOwn(data, field) ? [[field, data[field]]] : [])));
}
