import type { ResourceFile } from '../../../shared/generated/resource-file';
import { escapePointer } from '../../../shared/schema/escape-pointer';
import { firstDifference } from '../../../shared/schema/first-difference';

/**
 * What a publication may change of resource.json's keys while the portal runs (ADR 0048), key by key.
 * The routes read these at each request from the folder object, which keeps its identity on publication:
 * the record form's submit mode, its QR codes, the pages (served by the pages call at each request),
 * `createAction`, `anonymousCreate` and `visitors` (the create and detail routes' access is live),
 * `jurisdiction`, `addressees`, `search` (the publication re-indexes, resource-search-publication.ts).
 * What is refused is refused with its reason, not "restart": a change that would show records to people
 * who could not see them (ADR 0042), one that breaks what stored records hold (`seal`), one that code or
 * grants are keyed by (`permission`, `source`, `grants` widened). `owner`, `target`, `organisation` and a
 * new `unique` set depend on the stored records: resource-key-record-problems.ts weighs them with the
 * database. `pages` (map pages too), `matching` (ADR 0051) and `import` (ADR 0050) are live: the routes read
 * them at each request, and the live maps, dictionaries and forms are asked of every candidate
 * (ResourceRegistry.guardCandidates).
 */

/** resource.json without the keys other rules weigh (aliases, the shared workflow). */
type Resource = Omit<ResourceFile, 'aliases' | 'workflow'>;

/** Keys read at each request: any change is live. */
const LIVE_KEYS: ReadonlySet<string> = new Set(['submitMode', 'qrCodes', 'createAction', 'anonymousCreate']);

/** Keys weighed against the stored records (resource-key-record-problems.ts). */
const RECORD_WEIGHED_KEYS: ReadonlySet<string> = new Set(['owner', 'target', 'organisation', 'unique']);

/** Keys handled elsewhere: texts, aliases (aliasProblems), the shared workflow (ADR 0044), retiring (ADR 0047). */
const OTHER_KEYS: ReadonlySet<string> = new Set(['$schema', 'name', 'title', 'locale', 'aliases', 'workflow', 'retired']);

const RESTART = '请修改文件后重启门户';

export const WIDER_SEEN = '会让原来看不到这些记录的人看到它们，不能在线发布：在线只能收窄；扩大范围请在文件中修改，经评审后重启门户';

const subset = (smaller: readonly string[], larger: readonly string[]): boolean => smaller.every((item) => larger.includes(item));

/** visitors: narrowing (fewer states or fields, or none) is live; anything a visitor did not see before is a widening. */
function visitorsProblem(before: Resource['visitors'], after: Resource['visitors']): string | undefined {
  if (after === undefined) return undefined;
  if (before === undefined) return `新增 visitors 让访客看到记录，${WIDER_SEEN}`;
  const states = after.states.filter((state) => !before.states.includes(state));
  if (states.length > 0) return `visitors 新增状态 ${states.join('、')}，${WIDER_SEEN}`;
  const fields = after.fields.filter((field) => !before.fields.includes(field));
  if (fields.length > 0) return `visitors 新增字段 ${fields.join('、')}，${WIDER_SEEN}`;
  return undefined;
}

/** jurisdiction: adding it narrows what unit-scoped staff see; removing it or naming another field shows them other units' records. */
function jurisdictionProblem(before: Resource['jurisdiction'], after: Resource['jurisdiction']): string | undefined {
  if (before === undefined) return undefined;
  if (after === undefined) return `去掉 jurisdiction 会让单位范围的工作人员看到其他单位的记录，${WIDER_SEEN}`;
  return `jurisdiction 改用另一个字段会让单位范围的工作人员看到其他单位的记录，${WIDER_SEEN}`;
}

/** addressees: removing it narrows (nobody sees a record as its addressee); adding or changing it shows records to other users. */
function addresseesProblem(after: Resource['addressees']): string | undefined {
  if (after === undefined) return undefined;
  return `addressees 让记录中列出的手机号对应的用户看到记录，新增或修改它${WIDER_SEEN}`;
}

/** grants: a publication grants nothing (ADR 0044); taking a right away is 角色管理's, which is live and audited. */
function grantsProblem(before: Resource['grants'], after: Resource['grants']): string {
  const wider = Object.entries(after ?? {}).some(([role, actions]) => !subset(actions ?? [], before?.[role] ?? []));
  return wider
    ? 'grants 新增的授权会让角色得到原来没有的操作，发布不授予权限：请先由管理员在“角色管理”中授予（即时生效并记审计），授予后修改文件中的 grants 并重启门户以保持一致'
    : `grants 收回的授权仍保存在角色中，发布不收回权限：请在“角色管理”中收回（即时生效并记审计），文件中的 grants ${RESTART}`;
}

/**
 * Why each changed key of a live folder's resource.json cannot be published while the portal runs, as
 * [pointer, message] pairs (ADR 0048). The keys of RECORD_WEIGHED_KEYS are left to the database's say.
 */
export function resourceKeyProblems(live: Resource, candidate: Resource): [string, string][] {
  const before = live as unknown as Record<string, unknown>;
  const after = candidate as unknown as Record<string, unknown>;
  const problems: [string, string][] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (OTHER_KEYS.has(key) || LIVE_KEYS.has(key) || RECORD_WEIGHED_KEYS.has(key)) continue;
    const change = firstDifference(before[key], after[key]);
    if (change === undefined) continue;
    const at = `/${escapePointer(key)}`;
    const add = (message: string | undefined, pointer = at): void => {
      if (message !== undefined) problems.push([pointer, message]);
    };
    switch (key) {
      case 'permission':
        add(
          `角色的授权按权限标识 "${live.permission}" 保存，改名会让持有它的角色失去这些操作、新标识无人持有，不能在线发布：请保留原权限标识（标题可改）；确需改名，请修改文件、在角色管理中重新授权后重启门户`,
        );
        break;
      case 'source':
        add(
          `数据来源 "${String(live.source ?? candidate.source)}" 由服务器模块的代码提供这些记录，增删或更换数据来源是代码变更，不能在线发布；${RESTART}`,
        );
        break;
      case 'seal':
        add(
          live.seal === true
            ? '去掉 seal 会让绕过门户对记录的改动不再被发现，不能在线发布；请修改文件，经评审后重启门户'
            : '新增 seal 会让已保存的记录因没有封签而显示为被篡改，不能在线发布；请修改文件并为已有记录补签后重启门户',
        );
        break;
      case 'visitors':
        add(visitorsProblem(live.visitors, candidate.visitors));
        break;
      case 'jurisdiction':
        add(jurisdictionProblem(live.jurisdiction, candidate.jurisdiction));
        break;
      case 'addressees':
        add(addresseesProblem(candidate.addressees));
        break;
      case 'grants':
        add(grantsProblem(live.grants, candidate.grants));
        break;
      case 'search':
        // Live: the publication re-indexes the folder's public records in its own transaction.
        break;
      case 'pages':
        // Live: the pages call reads the live folders; a map page's map and dictionary are the maps module's say on every candidate (ADR 0051).
        break;
      case 'matching':
        // Live: the matching routes read the live folder's matching (ADR 0051); its questionnaire is checked against the live forms.
        break;
      case 'import':
        // Live: the import routes read the live folder at each request, parametric ones serve a folder that gains it (ADR 0050).
        break;
      default:
        add(`resource.json 的 ${key} 不能在线发布；${RESTART}`, `${at}${change}`);
    }
  }
  return problems;
}
