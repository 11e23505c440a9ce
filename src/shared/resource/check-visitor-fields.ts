import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { JsonSchema } from '../schema/json-schema';
import { layoutFields } from './check-list-layout';
import { RESOURCE_FILE } from './resource-definition';

/** What a record view always carries besides its data: its state and times (not who entered it, which is ownerName). */
const ALWAYS_SHOWN = new Set(['status', 'createdAt', 'updatedAt']);

/**
 * visitors.fields is what a reader without a right to the whole record receives (record-access.ts
 * visibleToOutsider): each is a top-level field (or ownerName), and nothing public uses a field
 * outside it. A public list that showed, filtered, sorted or counted a hidden field would show it,
 * or let a visitor probe its values; the search would index it.
 */
export function checkVisitorFields(
  resource: ResourceFile,
  record: JsonSchema,
  lists: ReadonlyMap<string, ResourceListFile | undefined>,
  problems: FolderProblem[],
): void {
  const visitors = resource.visitors;
  if (visitors === undefined) return;
  const fields = new Set(visitors.fields);
  const properties = record.properties ?? {};
  visitors.fields.forEach((field, index) => {
    if (field !== 'ownerName' && !Object.hasOwn(properties, field))
      problems.push({
        file: RESOURCE_FILE,
        pointer: `/visitors/fields/${index}`,
        message: `"${field}" 不是 record.schema.json 的顶层字段（访客能看到的只能是记录的字段，或 ownerName）`,
      });
  });
  const hidden = (field: string): boolean => !fields.has(field) && !ALWAYS_SHOWN.has(field);
  const hiddenMessage = (field: string, use: string): string =>
    `访客看不到字段 "${field}"（不在 resource.json 的 visitors.fields 中），${use}不能用它：请把它加进 visitors.fields，或换一个字段`;
  const search = resource.search;
  if (search) {
    const used: [string, string][] = [
      ['/search/title', search.title],
      ...search.text.map((field, index): [string, string] => [`/search/text/${index}`, field]),
      ...(search.date === undefined ? [] : [['/search/date', search.date] as [string, string]]),
      ...(search.kind === undefined ? [] : [['/search/kind', search.kind] as [string, string]]),
    ];
    for (const [pointer, field] of used)
      if (hidden(field)) problems.push({ file: RESOURCE_FILE, pointer, message: hiddenMessage(field, '门户搜索') });
  }
  const matching = resource.matching;
  if (matching) {
    const used: [string, string][] = [
      ['/matching/conditions', matching.conditions],
      ...(matching.fields ?? []).map((field, index): [string, string] => [`/matching/fields/${index}`, field]),
      ...(matching.deadline === undefined ? [] : [['/matching/deadline', matching.deadline] as [string, string]]),
    ];
    for (const [pointer, field] of used)
      if (hidden(field)) problems.push({ file: RESOURCE_FILE, pointer, message: hiddenMessage(field, '给访客看的规则匹配') });
  }
  for (const [name, list] of lists) {
    if (list?.audience !== 'public') continue;
    const file = `lists/${name}.list.json`;
    const add = (pointer: string, field: string, use: string): void => {
      if (hidden(field)) problems.push({ file, pointer, message: hiddenMessage(field, use) });
    };
    list.columns.forEach((column, index) => add(`/columns/${index}/field`, column.field, '给访客看的列表的列'));
    (list.filters ?? []).forEach((filter, index) => add(`/filters/${index}/field`, filter.field, '给访客看的列表的筛选条件'));
    (list.sort?.fields ?? []).forEach((field, index) => add(`/sort/fields/${index}`, field, '给访客看的列表的排序'));
    if (list.sort) add('/sort/default/field', list.sort.default.field, '给访客看的列表的默认排序');
    if (list.summary) add('/summary/field', list.summary.field, '给访客看的列表的统计');
    if (list.interests) add('/interests/field', list.interests.field, '给访客看的列表的个性化推荐');
    for (const field of layoutFields(list.layout)) add('/layout', field, '给访客看的列表的版式');
  }
  // An article page is what visitors read: every field it names must be one they receive.
  (resource.pages ?? []).forEach((page, index) => {
    const article = page.article;
    if (!article) return;
    const at = `/pages/${index}/article`;
    const use = '文章式详情页';
    const named: [string, string][] = [
      [`${at}/heading`, article.heading],
      ...(article.facts ?? []).map((field, n): [string, string] => [`${at}/facts/${n}`, field]),
      ...(article.image === undefined ? [] : [[`${at}/image`, article.image] as [string, string]]),
    ];
    for (const [pointer, field] of named)
      if (hidden(field)) problems.push({ file: RESOURCE_FILE, pointer, message: hiddenMessage(field, use) });
  });
}
