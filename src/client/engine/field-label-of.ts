import { localizedTitle } from '../../shared/i18n/localized-title';
import type { Locale } from '../../shared/i18n/locale';
import { isJsonSchema, type JsonSchema } from '../../shared/schema/json-schema';

function child(node: JsonSchema, segment: string): JsonSchema | undefined {
  if (/^\d+$/.test(segment) && isJsonSchema(node.items)) return node.items;
  const own = node.properties?.[segment];
  if (own) return own;
  // A conditional field is declared in the object's properties; then/else/allOf may redeclare it.
  for (const branch of [node.then, node.else, ...(node.allOf ?? [])]) {
    const found = isJsonSchema(branch) ? child(branch, segment) : undefined;
    if (found) return found;
  }
  return undefined;
}

const rowLabel = (index: number, locale: Locale): string => (locale === 'zh-CN' ? `第${index + 1}项` : `item ${index + 1}`);

/**
 * How the result page names the field of an error: the titles along its path, with the row of an
 * array ('研发团队成员 第2项 姓名'), so the applicant can find it; the raw segment stands in for a
 * node without a title.
 */
export function fieldLabelOf(stepSchema: JsonSchema, path: string, locale: Locale): string {
  if (path === '') return '';
  const parts: string[] = [];
  let node: JsonSchema | undefined = stepSchema;
  for (const segment of path.split('.')) {
    const isIndex = /^\d+$/.test(segment);
    node = node ? child(node, segment) : undefined;
    if (isIndex) parts.push(rowLabel(Number(segment), locale));
    else parts.push(localizedTitle(node, locale) ?? segment);
  }
  // An item's own title ('知识产权') would only repeat its array's; the row number says enough.
  return parts.join(' ');
}
