import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import { LIST_SUFFIX, RECORD_FILE, RESOURCE_FILE } from '../../../shared/resource/resource-definition';
import { escapePointer } from '../../../shared/schema/escape-pointer';
import type { UnitProblem } from './schema-unit-error';
import type { CompiledResource } from './compiled-resource';
import { maskProblems, personalProblems } from './mask-problems';
import { liveWorkflowProblems } from './live-workflow-problems';
import { resourceKeyProblems } from './resource-key-problems';
import { aliasKey, sameAlias, type ResourceAlias } from './resource-alias';

/**
 * The aliases a publication may add or remove: any (ADRs 0042, 0049, 0050); an existing path may point at
 * another action (its start-up route forwards, ADR 0051) unless the import is either side (a multipart
 * upload is parsed by the import's own route, and a start-up route of another action refuses it before it
 * could forward), and a new path may not be one another route takes (aliasProblem).
 */
function aliasProblems(
  live: readonly ResourceAlias[],
  candidate: readonly ResourceAlias[],
  aliasProblem: (alias: ResourceAlias) => string | undefined,
): [string, string][] {
  const problems: [string, string][] = [];
  const liveByKey = new Map(live.map((alias) => [aliasKey(alias), alias]));
  candidate.forEach((alias, index) => {
    const at = `/aliases/${index}`;
    const before = liveByKey.get(aliasKey(alias));
    if (before) {
      // Pointed at another action (ADR 0051): its start-up route forwards to the new one, except to or from the import's multipart route.
      if (!sameAlias(before, alias) && (before.action === 'import' || alias.action === 'import'))
        problems.push([
          `${at}/action`,
          `别名 ${aliasKey(alias)} 改指 "${alias.action}"：导入（import）的上传只由它自己的接口解析，它的别名不能在线改指或被改指；${RESTART}`,
        ]);
      return;
    }
    const taken = aliasProblem(alias);
    if (taken !== undefined) problems.push([`${at}/path`, `${taken}，新的别名不能用这个路径`]);
  });
  return problems;
}

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

/** The value without its titles and English texts: what a change of texts alone leaves as it was. */
export function withoutTexts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, child]) => (isText(key, child) ? [] : [[key, withoutTexts(child)]])));
}

/** Who a list's records are shown to: its scope and audience. */
function readersOf(list: ResourceListFile): string {
  return `${list.scope}/${list.audience ?? ''}`;
}

const WIDER =
  '会让原来看不到这些记录的人看到它们，不能在线发布：在线只能收窄谁能看到记录（改为 "mine"、去掉 "audience": "user"，或公开给访客）；扩大范围请在文件中修改，经评审后重启门户';

/**
 * Why a publication may not change a list's readers, or undefined when it may (ADR 0042): it may
 * narrow them (scope mine: the owner's own records; a staff list no longer open to every user) or
 * open a list to visitors (the folder check allows that only for the states visitors see anyway),
 * never show records to people who could not see them before.
 */
function widerReaders(before: ResourceListFile, after: ResourceListFile): string | undefined {
  if (after.scope !== before.scope && after.scope !== 'mine' && after.audience !== 'public')
    return `列表的 scope 从 "${before.scope}" 改为 "${after.scope}"${WIDER}`;
  if (after.audience === 'user' && before.audience === undefined)
    return `列表加上 "audience": "user"（每个登录用户都能看到全部记录）${WIDER}`;
  return undefined;
}

/**
 * Why a candidate of a live resource folder cannot replace it while the portal runs (ADRs 0027, 0042,
 * 0044, 0045, 0048–0051). The routes read the live folder at each request, so nearly every change is
 * live; what is refused is refused for a reason, placed where it was made so the studio shows it as the
 * author types: a change that shows records to people who could not see them (a wider list readership, a
 * removed or weaker mask, more for visitors), a resource.json key that code, grants or stored seals are
 * keyed by (resource-key-problems.ts), a workflow change that strands stored records (weighed with the
 * database: workflow-record-problems.ts), and an alias whose path another route takes (`aliasProblem`, the
 * routes' say) or that moves to or from the import.
 */
export function liveChangeProblems(
  live: CompiledResource,
  candidate: CompiledResource,
  aliasProblem: (alias: ResourceAlias) => string | undefined = () => undefined,
): UnitProblem[] {
  const folder = `resources/${live.name}`;
  const problems: UnitProblem[] = [];
  const add = (file: string, pointer: string, message: string): void => {
    problems.push({ file: `${folder}/${file}`, pointer, message });
  };

  // resource.json's `workflow` (a shared workflow file) is part of the workflow, weighed with it below (ADR 0044).
  const { aliases: liveAliases = [], workflow: _liveShared, ...liveRest } = live.resource;
  const { aliases: candidateAliases = [], workflow: _candidateShared, ...candidateRest } = candidate.resource;
  // Key by key (ADR 0048): what the routes read at each request is live, the rest is refused with its reason.
  resourceKeyProblems(withoutTexts(liveRest) as typeof liveRest, withoutTexts(candidateRest) as typeof candidateRest).forEach(
    ([pointer, message]) => add(RESOURCE_FILE, pointer, message),
  );
  aliasProblems(liveAliases, candidateAliases, aliasProblem).forEach(([pointer, message]) => add(RESOURCE_FILE, pointer, message));
  // The transition routes read the live workflow (ADR 0044); what stored records and roles refuse is weighed with the database.
  problems.push(...liveWorkflowProblems(live, candidate, withoutTexts));

  // Every list is served from the live folder at each request (ADR 0042): one may come or go.
  const readers = new Set(Object.values(live.lists).map(readersOf));
  for (const [name, list] of Object.entries(candidate.lists)) {
    const file = `lists/${name}${LIST_SUFFIX}`;
    const before = Object.hasOwn(live.lists, name) ? live.lists[name] : undefined;
    if (!before) {
      // Its summary and export are served by routes that read the live list (ADR 0049); a source's row actions are weighed by the routes (source-row-action-problems.ts).
      // A new list shows records to the readers one of the folder's lists already has, to the owners, or to visitors.
      if (list.scope !== 'mine' && list.audience !== 'public' && !readers.has(readersOf(list)))
        add(
          file,
          '/scope',
          `新增列表的 scope "${list.scope}"${list.audience ? `、audience "${list.audience}"` : ''} 与文件夹中已有的列表都不同，${WIDER}`,
        );
      continue;
    }
    const wider = widerReaders(before, list);
    if (wider !== undefined) add(file, list.scope === before.scope ? '/audience' : '/scope', wider);
  }

  const properties = candidate.record.properties ?? {};
  const at = (field: string, keyword: string): string =>
    Object.hasOwn(properties, field) ? `/properties/${escapePointer(field)}/${keyword}` : '/properties';
  // x-unique and the captcha field are live (ADR 0045): the publication checks stored records and builds the index (unique-field-publication.ts).
  maskProblems(live.maskedFields, candidate.maskedFields).forEach(([field, message]) => add(RECORD_FILE, at(field, 'x-mask'), message));
  personalProblems(live, candidate).forEach(([field, message]) => add(RECORD_FILE, at(field, 'x-personal'), message));
  // An upload limit above the attachment route's is refused for every kind of unit (compile-unit.ts).
  return problems;
}
