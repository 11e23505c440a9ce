import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { JsonSchema } from '../schema/json-schema';
import { isImageField } from './check-list-layout';

type Page = NonNullable<ResourceFile['pages']>[number];
type Add = (pointer: string, message: string) => void;

/**
 * A detail page's article (issue 30): on a detail page of a folder with visitors, naming top-level
 * fields, an image field of images, and related records from one of the folder's lists for visitors
 * narrowed by one of that list's filters.
 */
export function checkArticlePage(
  page: Page,
  at: string,
  resource: ResourceFile,
  record: JsonSchema,
  lists: ReadonlyMap<string, ResourceListFile>,
  add: Add,
): void {
  const article = page.article;
  if (!article) return;
  if (page.page !== 'detail') add(`${at}/article`, '只有 page 为 "detail" 的详情页才写 article');
  if (!resource.visitors) add(`${at}/article`, '文章式详情页是给访客看的：资源需要 resource.json 的 visitors');
  const properties = record.properties ?? {};
  const exists = (pointer: string, field: string): void => {
    if (!Object.hasOwn(properties, field)) add(pointer, `"${field}" 不是 record.schema.json 顶层的字段`);
  };
  exists(`${at}/article/heading`, article.heading);
  if (Object.hasOwn(properties, article.heading) && properties[article.heading]?.type !== 'string')
    add(`${at}/article/heading`, `标题 "${article.heading}" 应是文本字段`);
  (article.facts ?? []).forEach((field, index) => exists(`${at}/article/facts/${index}`, field));
  if (article.image !== undefined) {
    exists(`${at}/article/image`, article.image);
    if (Object.hasOwn(properties, article.image) && !isImageField(properties[article.image]))
      add(
        `${at}/article/image`,
        `图片 "${article.image}" 应是只收图片的上传字段（x-component 为 "Upload"，x-upload.accept 只有 jpg、png）`,
      );
  }
  const related = article.related;
  if (!related) return;
  const list = lists.get(related.list);
  if (!list) add(`${at}/article/related/list`, `没有列表 "${related.list}"（lists/${related.list}.list.json）`);
  else if (list.audience !== 'public')
    add(`${at}/article/related/list`, `相关记录取自给访客看的列表："${related.list}" 不是 "audience": "public" 的列表`);
  else if (!(list.filters ?? []).some((filter) => filter.field === related.by && filter.match === undefined))
    add(`${at}/article/related/by`, `"${related.by}" 应是列表 "${related.list}" 的筛选字段（filters 中不带 match 的一项）`);
}
