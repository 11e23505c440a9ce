import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import { LIST_SUFFIX, RECORD_FILE, RESOURCE_FILE, WORKFLOW_FILE } from '../../../shared/resource/resource-definition';
import { listRequestSchema } from '../../../shared/resource/list-fields';
import { escapePointer } from '../../../shared/schema/escape-pointer';
import { firstDifference } from '../../../shared/schema/first-difference';
import type { UnitProblem } from './schema-unit-error';
import type { CompiledResource } from './compiled-resource';

/** Keys that only name or explain: a publication may change them while the portal runs. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['title', 'description', 'locale']);

const RESTART = '请修改文件后重启门户';

const LOCALE_CODE = /^[a-z]{2}-[A-Z]{2}$/;

/** A title or description is text; a locale is a map of locale codes. A field or a state may be named `title` too. */
function isText(key: string, value: unknown): boolean {
  if (!TEXT_KEYS.has(key)) return false;
  if (key !== 'locale') return typeof value === 'string';
  return typeof value === 'object' && value !== null && Object.keys(value).every((code) => LOCALE_CODE.test(code));
}

function withoutTexts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, child]) => (isText(key, child) ? [] : [[key, withoutTexts(child)]])));
}

/** What a list's routes were registered with at start-up: its request's schema, who may call it, its summary and export routes. */
function listRoutesOf(resource: CompiledResource, list: ResourceListFile) {
  return {
    request: withoutTexts(listRequestSchema(list, resource.record, resource.workflow)),
    audience: list.audience ?? null,
    scope: list.scope,
    summary: list.summary ?? null,
    export: list.export === true,
    // The module behind a source takes only the transitions it offers (checked when its routes were registered).
    rowActions: resource.resource.source === undefined ? null : (list.rowActions ?? []),
  };
}

/**
 * Why a candidate of a live resource folder cannot replace it while the portal runs (ADR 0027): at
 * start-up the folder's routes, their access and request schemas, its permissions, its unique-value
 * indexes and its search indexer were built from resource.json, the workflow, the list files' filters
 * and a few record keywords. A candidate may change the record form (fields, rules, dictionaries,
 * texts) and how each list shows its records; a change to any of those start-up parts is a problem
 * placed where it was made, so the studio shows it as the author types and refuses to publish it.
 */
export function liveChangeProblems(live: CompiledResource, candidate: CompiledResource): UnitProblem[] {
  const folder = `resources/${live.name}`;
  const problems: UnitProblem[] = [];
  const add = (file: string, pointer: string, message: string): void => {
    problems.push({ file: `${folder}/${file}`, pointer, message });
  };

  const resourceChange = firstDifference(withoutTexts(live.resource), withoutTexts(candidate.resource));
  if (resourceChange !== undefined)
    add(RESOURCE_FILE, resourceChange, `resource.json 除标题和英文文本外决定接口、权限和索引，不能在线发布；${RESTART}`);
  const workflowChange =
    live.resource.workflow === undefined ? firstDifference(withoutTexts(live.workflow), withoutTexts(candidate.workflow)) : undefined;
  if (workflowChange !== undefined)
    add(WORKFLOW_FILE, workflowChange, `工作流的状态和流转决定接口和权限，只有标题和英文文本可以在线修改；${RESTART}`);

  for (const name of Object.keys(live.lists)) {
    if (!Object.hasOwn(candidate.lists, name)) add(`lists/${name}${LIST_SUFFIX}`, '', `删除列表会去掉它的接口，不能在线发布；${RESTART}`);
  }
  for (const [name, list] of Object.entries(candidate.lists)) {
    const file = `lists/${name}${LIST_SUFFIX}`;
    const before = live.lists[name];
    if (!before) {
      add(file, '', `新增列表会增加接口，不能在线发布；${RESTART}`);
      continue;
    }
    const change = firstDifference(listRoutesOf(live, before), listRoutesOf(candidate, list));
    if (change === undefined) continue;
    const key = change.split('/')[1] ?? '';
    if (key === 'request')
      add(
        file,
        list.filters === undefined ? '' : '/filters',
        `筛选条件、每页条数或筛选字段的类型决定列表接口的请求格式，不能在线修改；${RESTART}`,
      );
    else add(file, `/${key}`, `列表的 ${key} 决定接口和访问权限，不能在线修改；${RESTART}`);
  }

  const properties = candidate.record.properties ?? {};
  const at = (field: string, keyword: string): string =>
    Object.hasOwn(properties, field) ? `/properties/${escapePointer(field)}/${keyword}` : '/properties';
  const unique = [...live.uniqueFields, ...candidate.uniqueFields].find(
    (name) => live.uniqueFields.includes(name) !== candidate.uniqueFields.includes(name),
  );
  if (unique !== undefined) add(RECORD_FILE, at(unique, 'x-unique'), `x-unique 需要在启动时建立数据库索引，不能在线增删；${RESTART}`);
  if (live.captchaField !== candidate.captchaField)
    add(RECORD_FILE, at(candidate.captchaField ?? live.captchaField ?? '', 'x-component'), `验证码字段决定接口，不能在线增删；${RESTART}`);
  const maskOf = (fields: CompiledResource['maskedFields'], name: string) => fields.find(([field]) => field === name)?.[1];
  const masked = [...live.maskedFields, ...candidate.maskedFields]
    .map(([name]) => name)
    .find((name) => maskOf(live.maskedFields, name) !== maskOf(candidate.maskedFields, name));
  if (masked !== undefined)
    add(RECORD_FILE, at(masked, 'x-mask'), `脱敏字段（x-mask）决定查看完整信息的接口和权限，不能在线修改；${RESTART}`);
  // An upload limit above the attachment route's is refused for every kind of unit (compile-unit.ts).
  return problems;
}
