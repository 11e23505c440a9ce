import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { JsonSchema } from '../schema/json-schema';
import { RESOURCE_FILE } from './resource-definition';

/**
 * A searchable folder (resource.json search) shows its visitor records: it needs visitors, and names
 * top-level text fields of its own records (a date field for date, any text field for kind), none of them
 * masked (x-mask).
 */
export function checkSearch(resource: ResourceFile, record: JsonSchema, problems: FolderProblem[]): void {
  const search = resource.search;
  if (search === undefined) return;
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  if (resource.visitors === undefined) add('/search', '只有对访客公开（visitors）的记录才能被门户搜索到：请先声明 visitors');
  const field = (name: string) => record.properties?.[name];
  const isText = (name: string): boolean => field(name)?.type === 'string';
  // A masked field (a phone, an identity number) would reach anyone through the index and its snippets in full.
  // A sealed one (x-personal) would sit in the index in clear, beside its ciphertext in the record (ADR 0072).
  const masked = (name: string): boolean => field(name)?.['x-mask'] !== undefined || field(name)?.['x-personal'] !== undefined;
  const maskedMessage = (name: string): string =>
    `"${name}" 带有 ${field(name)?.['x-mask'] !== undefined ? 'x-mask' : 'x-personal'}（个人号码），不能进入门户搜索：搜索索引和结果摘要会原样显示它`;
  if (!isText(search.title)) add('/search/title', `"${search.title}" 应是 record.schema.json 顶层的文本字段（搜索结果的标题）`);
  else if (masked(search.title)) add('/search/title', maskedMessage(search.title));
  search.text.forEach((name, index) => {
    if (!isText(name)) add(`/search/text/${index}`, `"${name}" 应是 record.schema.json 顶层的文本字段`);
    else if (masked(name)) add(`/search/text/${index}`, maskedMessage(name));
  });
  if (search.date !== undefined && (!isText(search.date) || field(search.date)?.format !== 'date'))
    add('/search/date', `"${search.date}" 应是 record.schema.json 顶层的日期字段（format 为 date）`);
  if (!search.href.startsWith('/') || !search.href.includes('{id}'))
    add('/search/href', `链接应以 / 开头并含 {id}（记录编号），如 /home/articles/detail?id={id}`);
  if (search.kind !== undefined && !isText(search.kind))
    add('/search/kind', `"${search.kind}" 应是 record.schema.json 顶层的文本字段（如字典取值）`);
}
