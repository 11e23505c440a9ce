import type { ResourceListFile } from '../generated/resource-list-file';
import type { JsonSchema } from '../schema/json-schema';
import { recordProperty } from './list-fields';

type Layout = NonNullable<ResourceListFile['layout']>;
type Add = (pointer: string, message: string) => void;

/** Which keywords each presentation reads; any other is a mistake the author should hear about. */
const KEYWORDS_OF: Record<Layout['kind'], readonly (keyof Layout)[]> = {
  cards: ['image', 'summary', 'facts', 'tags'],
  media: ['summary', 'date', 'source'],
  agenda: ['summary', 'facts', 'start', 'end'],
  carousel: ['image', 'summary'],
};
const OPTIONAL_KEYWORDS: readonly (keyof Layout)[] = ['image', 'summary', 'tags', 'date', 'source', 'start', 'end'];

/** An Upload field that holds images only (jpg / png): a card's picture, a slide. */
export function isImageField(node: JsonSchema | undefined): boolean {
  const upload: unknown = node?.['x-upload'];
  const accept = typeof upload === 'object' && upload !== null && 'accept' in upload ? upload.accept : undefined;
  return (
    node?.['x-component'] === 'Upload' &&
    Array.isArray(accept) &&
    accept.length > 0 &&
    accept.every((type) => typeof type === 'string' && /^(jpe?g|png)$/i.test(type))
  );
}

const isDateTime = (node: JsonSchema | undefined): boolean => node?.type === 'string' && node.format === 'date-time';
const isDate = (node: JsonSchema | undefined): boolean =>
  node?.type === 'string' && (node.format === 'date' || node.format === 'date-time');

/** The fields a list's layout names: the visitors' projection and the list row must carry them. */
export function layoutFields(layout: Layout | undefined): string[] {
  if (!layout) return [];
  const named = [layout.title, ...(layout.facts ?? []), ...OPTIONAL_KEYWORDS.map((keyword) => layout[keyword])];
  return [...new Set(named.filter((field): field is string => typeof field === 'string'))];
}

/**
 * A list's presentation for visitors (issue 30): only on a list for visitors, each keyword one its kind
 * reads, each field a top-level field of the record of the kind it is shown as.
 */
export function checkListLayout(list: ResourceListFile, record: JsonSchema, add: Add): void {
  const layout = list.layout;
  if (!layout) return;
  if (list.audience !== 'public')
    add('/layout', 'layout 是给访客看的列表的版式：只能用在 "audience": "public" 的列表上（工作人员的列表保持表格）');
  const allowed = KEYWORDS_OF[layout.kind];
  for (const keyword of [...OPTIONAL_KEYWORDS, 'facts' as const]) {
    if (layout[keyword] !== undefined && !allowed.includes(keyword))
      add(`/layout/${keyword}`, `版式 "${layout.kind}" 不用 ${keyword}（它用：title、${allowed.join('、')}）`);
  }
  const exists = (pointer: string, field: string): JsonSchema | undefined => {
    const node = recordProperty(record, field);
    if (!node) add(pointer, `"${field}" 不是 record.schema.json 顶层的字段`);
    return node;
  };
  exists('/layout/title', layout.title);
  (layout.facts ?? []).forEach((field, index) => exists(`/layout/facts/${index}`, field));
  if (layout.summary !== undefined) {
    const node = exists('/layout/summary', layout.summary);
    if (node && node.type !== 'string') add('/layout/summary', `摘要 "${layout.summary}" 应是文本字段`);
  }
  if (layout.source !== undefined) exists('/layout/source', layout.source);
  if (layout.image !== undefined) {
    const node = exists('/layout/image', layout.image);
    if (node && !isImageField(node))
      add('/layout/image', `图片 "${layout.image}" 应是只收图片的上传字段（x-component 为 "Upload"，x-upload.accept 只有 jpg、png）`);
  }
  if (layout.tags !== undefined) {
    const node = exists('/layout/tags', layout.tags);
    if (node && typeof node['x-dict'] !== 'string') add('/layout/tags', `标签 "${layout.tags}" 应是字典字段（带 x-dict）`);
  }
  if (layout.date !== undefined) {
    const node = exists('/layout/date', layout.date);
    if (node && !isDate(node)) add('/layout/date', `日期 "${layout.date}" 应是日期或日期时间字段（format 为 date 或 date-time）`);
  }
  if (layout.kind === 'agenda' && layout.start === undefined)
    add('/layout', '日程版式（agenda）需要 start：活动开始时间的字段（format 为 date-time）');
  for (const keyword of ['start', 'end'] as const) {
    const field = layout[keyword];
    if (field === undefined) continue;
    const node = exists(`/layout/${keyword}`, field);
    if (node && !isDateTime(node)) add(`/layout/${keyword}`, `"${field}" 应是日期时间字段（format 为 date-time）`);
  }
}
