import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { JsonSchema } from '../schema/json-schema';
import { RESOURCE_FILE } from './resource-definition';

type ResourcePage = NonNullable<ResourceFile['pages']>[number];

const MATCHING_PAGES: readonly ResourcePage['page'][] = ['match', 'matches', 'rules', 'rule', 'hub'];
const MATCHING_ALIASES = ['rules', 'rule', 'match', 'matchExport'];

/**
 * A folder of rules a questionnaire is evaluated against (resource.json matching): its rules are public
 * records about a target; its conditions are an array of {question, operator, value} with the
 * operators from a dictionary; its pages link to one another. The questionnaire form itself is checked
 * when the server starts (the forms are another folder).
 */
export function checkMatching(resource: ResourceFile, record: JsonSchema, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  const matching = resource.matching;
  const pages = resource.pages ?? [];
  (resource.aliases ?? []).forEach((alias, index) => {
    if (!MATCHING_ALIASES.includes(alias.action)) return;
    if (!matching) add(`/aliases/${index}/action`, `"${alias.action}" 接口需要 resource.json 的 matching（规则匹配）`);
    const method = alias.action === 'rules' || alias.action === 'rule' ? 'GET' : 'POST';
    if (alias.method !== method) add(`/aliases/${index}/method`, `"${alias.action}" 接口应为 ${method}`);
  });
  pages.forEach((page, index) => {
    const at = `/pages/${index}`;
    const isMatchingPage = MATCHING_PAGES.includes(page.page);
    if (isMatchingPage && !matching) add(`${at}/page`, `page 为 "${page.page}" 的页面需要 resource.json 的 matching（规则匹配）`);
    if (isMatchingPage && page.title === undefined) add(at, `page 为 "${page.page}" 的页面需要 title（页面标题）`);
    const linked = (
      key: 'result' | 'form' | 'detail' | 'preview',
      kinds: ResourcePage['page'][],
      allowed: boolean,
      kindName: string,
    ): void => {
      const path = page[key];
      if (path === undefined) return;
      if (!allowed) add(`${at}/${key}`, `page 为 "${page.page}" 的页面不写 ${key}`);
      else if (!pages.some((candidate) => candidate.path === path && kinds.includes(candidate.page)))
        add(`${at}/${key}`, `${path} 不是本资源文件夹中${kindName}页面`);
    };
    linked('result', ['matches'], page.page === 'match', ' page 为 "matches" 的');
    linked('form', ['match'], page.page === 'matches', ' page 为 "match" 的');
    linked('detail', ['rule'], ['rules', 'matches', 'hub'].includes(page.page), ' page 为 "rule" 的');
    linked('preview', ['rules'], page.page === 'hub', ' page 为 "rules" 的');
    if (page.page === 'match' && page.result === undefined) add(at, '问卷页面（page 为 "match"）需要 result：显示结果的页面');
    if (page.open !== undefined && page.page !== 'rules') add(`${at}/open`, '只有 page 为 "rules" 的页面才写 open');
    if (page.page === 'hub' && page.entries === undefined) add(at, '入口页面（page 为 "hub"）需要 entries：它通往的页面');
    if (page.entries !== undefined && page.page !== 'hub') add(`${at}/entries`, '只有 page 为 "hub" 的页面才写 entries');
  });
  if (!matching) return;
  if (resource.visitors === undefined) add('/matching', '规则要对访客公开才能参与匹配：请先声明 visitors');
  if (resource.target === undefined) add('/matching', '每条规则针对另一资源的一条记录（如一项政策）：请先声明 target');
  const field = (name: string): JsonSchema | undefined => record.properties?.[name];
  const conditions = field(matching.conditions);
  const item = conditions?.items !== undefined && !Array.isArray(conditions.items) ? (conditions.items as JsonSchema) : undefined;
  const part = (name: string): JsonSchema | undefined => item?.properties?.[name];
  if (conditions?.type !== 'array' || item?.type !== 'object')
    add('/matching/conditions', `"${matching.conditions}" 应是 record.schema.json 顶层的数组字段，每项是一个条件对象`);
  else {
    if (part('question')?.type !== 'string')
      add('/matching/conditions', `"${matching.conditions}" 的每项应有文本字段 question（问卷的字段名）`);
    if (part('operator')?.type !== 'string' || typeof part('operator')?.['x-dict'] !== 'string')
      add(
        '/matching/conditions',
        `"${matching.conditions}" 的每项应有字段 operator，用 x-dict 指定条件字典（isTrue、isFalse、is、oneOf、atLeast、atMost）`,
      );
    if (part('value') !== undefined && part('value')?.type !== 'string')
      add('/matching/conditions', `"${matching.conditions}" 每项的 value 应是文本字段`);
  }
  if (matching.deadline !== undefined && (field(matching.deadline)?.type !== 'string' || field(matching.deadline)?.format !== 'date'))
    add('/matching/deadline', `"${matching.deadline}" 应是 record.schema.json 顶层的日期字段（format 为 date）`);
  (matching.fields ?? []).forEach((name, index) => {
    if (field(name)?.type !== 'string') add(`/matching/fields/${index}`, `"${name}" 应是 record.schema.json 顶层的文本字段`);
  });
}
