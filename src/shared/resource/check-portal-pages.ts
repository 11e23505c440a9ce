import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { JsonSchema } from '../schema/json-schema';
import { aboutQueryField } from './about-query-field';
import { checkArticlePage } from './check-article-page';
import { RESOURCE_FILE } from './resource-definition';

/**
 * A folder's redirect, detail, done and map pages, and a form's query, after, submit and about (resource.json pages):
 * a form takes only its own fields from the address; a redirect says where to; a map
 * page names a map, a top-level dictionary field, and a list for visitors that counts by that field
 * (its summary by value). The map's districts are checked against the dictionary at start-up.
 */
export function checkPortalPages(
  resource: ResourceFile,
  record: JsonSchema,
  lists: ReadonlyMap<string, ResourceListFile>,
  problems: FolderProblem[],
): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  (resource.pages ?? []).forEach((page, index) => {
    const at = `/pages/${index}`;
    if (page.page === 'redirect' && page.to === undefined) add(at, '跳转页面（page 为 "redirect"）需要 to：跳转到的页面路径');
    if (page.to !== undefined && page.page !== 'redirect') add(`${at}/to`, '只有 page 为 "redirect" 的页面才写 to');
    if (page.to !== undefined && page.to === page.path) add(`${at}/to`, '页面不能跳转到自己');
    if (page.query !== undefined && page.page !== 'new') add(`${at}/query`, '只有 page 为 "new" 的表单页面才写 query');
    (page.query ?? []).forEach((field, n) => {
      if (!Object.hasOwn(record.properties ?? {}, field)) add(`${at}/query/${n}`, `"${field}" 不是 record.schema.json 顶层的属性`);
    });
    if (page.after !== undefined && page.page !== 'new') add(`${at}/after`, '只有 page 为 "new" 的表单页面才写 after');
    if (page.submit !== undefined && page.page !== 'new') add(`${at}/submit`, '只有 page 为 "new" 的表单页面才写 submit');
    if (page.about !== undefined) {
      const target = resource.target;
      if (page.page !== 'new') add(`${at}/about`, '只有 page 为 "new" 的表单页面才写 about');
      else if (!target) add(`${at}/about`, 'about 显示 target 指向的记录的字段：这个文件夹需要 target');
      else if (aboutQueryField(target, page.query) === undefined)
        add(
          `${at}/about`,
          `about 需要页面从地址取得目标记录的编号：query 中应有 target.match 里 targetField 为 "id" 的字段（如 "${target.match[0]?.field ?? 'eventId'}"）`,
        );
    }
    if (page.links !== undefined && page.page !== 'detail' && page.page !== 'done')
      add(`${at}/links`, '只有 page 为 "detail" 或 "done" 的页面才写 links');
    checkArticlePage(page, at, resource, record, lists, add);
    // A done page has no record whose fields could open or close a window.
    (page.links ?? []).forEach((link, n) => {
      if (link.resource !== undefined && page.page !== 'detail')
        add(`${at}/links/${n}/resource`, '只有 page 为 "detail" 的页面的链接才写 resource（按记录的开放时间判断能否使用）');
    });
    if (page.page === 'done' && page.title === undefined) add(at, '完成页面（page 为 "done"）需要 title（页面标题）');
    if (page.page !== 'map') {
      if (page.map !== undefined) add(`${at}/map`, '只有 page 为 "map" 的页面才写 map');
      if (page.field !== undefined) add(`${at}/field`, '只有 page 为 "map" 的页面才写 field');
      return;
    }
    if (page.map === undefined || page.field === undefined || page.list === undefined) {
      add(at, '地图页面（page 为 "map"）需要 map（地图名）、field（区划字段）和 list（地图下方的列表）');
      return;
    }
    if (typeof record.properties?.[page.field]?.['x-dict'] !== 'string')
      add(`${at}/field`, `"${page.field}" 应是 record.schema.json 顶层的字典字段（x-dict），它的取值是地图上的区划`);
    const list = lists.get(page.list);
    if (list && (list.summary?.field !== page.field || list.summary.by !== 'value'))
      add(
        `${at}/list`,
        `列表 "${page.list}" 应按 "${page.field}" 统计（summary: { "field": "${page.field}", "by": "value" }），地图按它给各区着色`,
      );
  });
}

/** A folder's unique sets name its own top-level fields (a QR code's {id} is the meta-schema's pattern). */
export function checkUniqueSets(resource: ResourceFile, record: JsonSchema, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  (resource.unique ?? []).forEach((set, index) => {
    set.fields.forEach((field, n) => {
      if (!Object.hasOwn(record.properties ?? {}, field))
        add(`/unique/${index}/fields/${n}`, `"${field}" 不是 record.schema.json 顶层的属性`);
    });
  });
}
