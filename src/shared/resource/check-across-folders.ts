import type { FolderProblem } from '../activity/check-activity-folder';
import type { JsonSchema } from '../schema/json-schema';
import { escapePointer } from '../schema/escape-pointer';
import { linkValueProblems } from './check-link-values';
import { RECORD_FILE, RESOURCE_FILE } from './resource-definition';
import type { ResourceFolderParts } from './resource-folder-parts';

/** A folder a check across folders refuses, with its problems (file relative to the schemas folder). */
export interface FolderLeftOut {
  folder: string;
  problems: FolderProblem[];
}

type Folders = ReadonlyMap<string, ResourceFolderParts>;

const ROOT = 'resources';

function leftOut(folder: string, file: string, problems: readonly { pointer: string; message: string }[]): FolderLeftOut {
  return { folder, problems: problems.map((problem) => ({ file: `${ROOT}/${folder}/${file}`, ...problem })) };
}

/** Two folders may not place a page at the same path: the browser could show only one of them. The later folder is at fault. */
function pagesAcross(folders: Folders): FolderLeftOut | undefined {
  const owners = new Map<string, string>();
  for (const folder of folders.values()) {
    for (const [index, page] of (folder.resource.pages ?? []).entries()) {
      const owner = owners.get(page.path);
      if (owner !== undefined)
        return leftOut(folder.name, RESOURCE_FILE, [
          { pointer: `/pages/${index}/path`, message: `页面 ${page.path} 已由资源 "${owner}" 使用` },
        ]);
      owners.set(page.path, folder.name);
    }
  }
  return undefined;
}

/** A field's suggestions (x-suggest) come from a list that exists and filters by that field. */
function suggestionsAcross(folders: Folders): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    for (const [field, node] of Object.entries(folder.record.properties ?? {})) {
      const suggest = node['x-suggest'];
      if (!suggest) continue;
      const pointer = `/properties/${escapePointer(field)}/x-suggest`;
      const list = folders.get(suggest.resource)?.lists[suggest.list];
      if (!list)
        return leftOut(folder.name, RECORD_FILE, [{ pointer, message: `没有资源 "${suggest.resource}" 的列表 "${suggest.list}"` }]);
      if (!(list.filters ?? []).some((filter) => filter.field === suggest.field)) {
        return leftOut(folder.name, RECORD_FILE, [
          { pointer, message: `列表 "${suggest.resource}/${suggest.list}" 没有按 "${suggest.field}" 筛选，无法给出提示` },
        ]);
      }
    }
  }
  return undefined;
}

const isText = (record: JsonSchema, field: string): boolean => record.properties?.[field]?.type === 'string';

/** A folder's target (a repair's credit record) is another folder's record, matched by text fields, changed by its system transitions. */
function targetsAcross(folders: Folders): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    const target = folder.resource.target;
    if (!target) continue;
    const problems: { pointer: string; message: string }[] = [];
    const add = (pointer: string, message: string) => problems.push({ pointer: `/target${pointer}`, message });
    const other = folders.get(target.resource);
    if (folder.resource.source !== undefined) add('', '记录来自服务器模块的资源不能写 target');
    // A folder left out (its own mistakes, or one found across folders) is as good as missing.
    if (!other) add('/resource', `目标文件夹 "${target.resource}" 不存在（应有 resources/${target.resource}/，且它本身没有错误）`);
    else if (other.resource.source !== undefined) add('/resource', `没有由引擎保存记录的资源 "${target.resource}"`);
    target.match.forEach((pair, index) => {
      if (!isText(folder.record, pair.field)) add(`/match/${index}/field`, `"${pair.field}" 应是 record.schema.json 顶层的文本字段`);
      if (other && pair.targetField !== 'id' && !isText(other.record, pair.targetField))
        add(`/match/${index}/targetField`, `"${pair.targetField}" 应是资源 "${target.resource}" 记录顶层的文本字段，或 id（记录编号）`);
    });
    const first = target.match[0]?.field;
    if (first !== undefined && !(folder.record.required ?? []).includes(first))
      add('/match/0/field', `第一个匹配字段 "${first}" 应为必填，错误提示显示在这个字段上`);
    for (const key of ['from', 'to'] as const) {
      const field = target.window?.[key];
      if (
        field !== undefined &&
        other &&
        (other.record.properties?.[field]?.type !== 'string' || other.record.properties[field]?.format !== 'date-time')
      )
        add(`/window/${key}`, `"${field}" 应是资源 "${target.resource}" 记录顶层的日期时间字段（format 为 date-time）`);
    }
    // The places are a number of the target's own; the states holding one are this folder's.
    const capacity = target.capacity;
    if (capacity && other) {
      const type = other.record.properties?.[capacity.field]?.type;
      if (type !== 'integer' && type !== 'number')
        add('/capacity/field', `"${capacity.field}" 应是资源 "${target.resource}" 记录顶层的整数字段（type 为 integer），即名额`);
    }
    (capacity?.states ?? []).forEach((state, index) => {
      if (!Object.hasOwn(folder.workflow.states, state)) add(`/capacity/states/${index}`, `状态 "${state}" 没有在工作流中定义`);
    });
    // A form's about field is read from the target's record, by visitors too where they may send the form.
    (folder.resource.pages ?? []).forEach((page, index) => {
      if (page.about === undefined || !other) return;
      const pointer = `/pages/${index}/about`;
      if (!Object.hasOwn(other.record.properties ?? {}, page.about))
        problems.push({ pointer, message: `"${page.about}" 不是资源 "${target.resource}" 记录顶层的属性` });
      else if (folder.resource.anonymousCreate === true && !(other.resource.visitors?.fields ?? []).includes(page.about))
        problems.push({
          pointer,
          message: `访客也填写这个表单：about 的字段 "${page.about}" 应列在资源 "${target.resource}" 的 visitors.fields 中`,
        });
    });
    target.states.forEach((state, index) => {
      if (other && !Object.hasOwn(other.workflow.states, state))
        add(`/states/${index}`, `资源 "${target.resource}" 的工作流没有状态 "${state}"`);
    });
    target.effects.forEach((effect, index) => {
      if (!Object.hasOwn(folder.workflow.states, effect.state)) add(`/effects/${index}/state`, `状态 "${effect.state}" 没有在工作流中定义`);
      if (other && other.workflow.transitions[effect.transition]?.actor !== 'system')
        add(
          `/effects/${index}/transition`,
          `资源 "${target.resource}" 的工作流中没有由系统执行（actor 为 "system"）的流转 "${effect.transition}"`,
        );
    });
    if (problems.length > 0) return leftOut(folder.name, RESOURCE_FILE, problems);
  }
  return undefined;
}

/**
 * A detail page's link governed by another folder's window (link resource: an event's 我要报名 by
 * event-signup) names a folder whose target is this folder and has a window; for a page visitors see,
 * the window's fields are among the fields they are sent, or the page could not judge it. A link's
 * carried values (link values) name fields of the form it leads to (check-link-values.ts).
 */
function linksAcross(folders: Folders): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    const problems: { pointer: string; message: string }[] = [];
    (folder.resource.pages ?? []).forEach((page, index) => {
      (page.links ?? []).forEach((link, n) => {
        if (link.resource === undefined) return;
        const pointer = `/pages/${index}/links/${n}/resource`;
        const other = folders.get(link.resource);
        const target = other?.resource.target;
        if (!other)
          problems.push({ pointer, message: `资源文件夹 "${link.resource}" 不存在（应有 resources/${link.resource}/，且它本身没有错误）` });
        else if (target?.resource !== folder.name)
          problems.push({
            pointer,
            message: `资源 "${link.resource}" 的 target 不是本资源 "${folder.name}"：链接按它的 target.window 判断能否使用`,
          });
        else if (!target.window) problems.push({ pointer, message: `资源 "${link.resource}" 的 target 没有 window（开放时间）` });
        else if (folder.resource.visitors !== undefined) {
          const missing = [target.window.from, target.window.to].filter(
            (field): field is string => field !== undefined && !(folder.resource.visitors?.fields ?? []).includes(field),
          );
          if (missing.length > 0)
            problems.push({
              pointer,
              message: `访客也看这个详情页：开放时间的字段 ${missing.map((field) => `"${field}"`).join('、')} 应列在 visitors.fields 中`,
            });
        }
      });
    });
    problems.push(...linkValueProblems(folder, folders));
    if (problems.length > 0) return leftOut(folder.name, RESOURCE_FILE, problems);
  }
  return undefined;
}

/** A list's interests (the recommended news) come from the same dictionary's field of a folder whose records are each user's own. */
function interestsAcross(folders: Folders): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    for (const [listName, list] of Object.entries(folder.lists)) {
      const interests = list.interests;
      if (!interests) continue;
      const file = `lists/${listName}.list.json`;
      const other = folders.get(interests.resource);
      const from = other?.record.properties?.[interests.from];
      const dict = folder.record.properties?.[interests.field]?.['x-dict'];
      if (!other || other.resource.owner !== 'user' || other.resource.source !== undefined)
        return leftOut(folder.name, file, [
          { pointer: '/interests/resource', message: `没有记录属于用户本人（owner 为 "user"）的资源 "${interests.resource}"` },
        ]);
      if (from?.type !== 'array' || from['x-dict'] !== dict)
        return leftOut(folder.name, file, [
          {
            pointer: '/interests/from',
            message: `"${interests.from}" 应是资源 "${interests.resource}" 记录顶层、字典为 "${dict ?? ''}" 的多选字段`,
          },
        ]);
    }
  }
  return undefined;
}

/** A list of the records about the caller's own (scope targetOwner) needs a target whose records have an owner. */
function targetOwnerListsAcross(folders: Folders): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    for (const [listName, list] of Object.entries(folder.lists)) {
      const target = folder.resource.target;
      if (list.scope !== 'targetOwner' || !target) continue;
      if (folders.get(target.resource)?.resource.owner === 'none')
        return leftOut(folder.name, `lists/${listName}.list.json`, [
          {
            pointer: '/scope',
            message: `资源 "${target.resource}" 的记录没有所有者（owner 为 "none"），"targetOwner" 列表不会列出任何记录`,
          },
        ]);
    }
  }
  return undefined;
}

/** A matching folder's questionnaire is a form of schemas/forms (a file there, whether or not it checks: the form is left out on its own). */
function matchingFormsAcross(folders: Folders, formNames: ReadonlySet<string>): FolderLeftOut | undefined {
  for (const folder of folders.values()) {
    const form = folder.resource.matching?.form;
    if (form !== undefined && !formNames.has(form))
      return leftOut(folder.name, RESOURCE_FILE, [
        { pointer: '/matching/form', message: `找不到问卷表单 "${form}"（应有 forms/${form}.schema.json）` },
      ]);
  }
  return undefined;
}

/**
 * The first folder a check across folders refuses, in the order the checks run (pages, suggestions,
 * targets, links governed by a window, interests, lists of the records about one's own, then the questionnaire forms), or undefined when they all pass. `formNames` are
 * the names of the files under forms/; without them the forms are not looked at (a live folder's
 * candidate in the studio, whose resource.json cannot change).
 */
export function firstFolderLeftOut(folders: Folders, formNames?: ReadonlySet<string>): FolderLeftOut | undefined {
  return (
    pagesAcross(folders) ??
    suggestionsAcross(folders) ??
    targetsAcross(folders) ??
    linksAcross(folders) ??
    interestsAcross(folders) ??
    targetOwnerListsAcross(folders) ??
    (formNames ? matchingFormsAcross(folders, formNames) : undefined)
  );
}

/**
 * Every folder the checks across folders leave out, each with its problems: the first refused folder is
 * taken away and the checks run again without it, since another folder may have named it. The server
 * starts without these folders and `npm run schemas:check` reports them, so both refuse the same trees.
 */
export function foldersLeftOutAcross(folders: Folders, formNames: ReadonlySet<string>): FolderLeftOut[] {
  const remaining = new Map(folders);
  const found: FolderLeftOut[] = [];
  for (let next = firstFolderLeftOut(remaining, formNames); next; next = firstFolderLeftOut(remaining, formNames)) {
    remaining.delete(next.folder);
    found.push(next);
  }
  return found;
}
