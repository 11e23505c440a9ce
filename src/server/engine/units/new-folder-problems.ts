import type { CompiledResource } from './compiled-resource';
import type { ResourceAlias } from './resource-alias';
import type { UnitProblem } from './schema-unit-error';

const RESTART = '需修改文件并重启门户';

/**
 * What a resource folder that goes live after start-up still cannot have (ADRs 0047, 0049, 0050, 0051),
 * with why. Its records, lists, summaries, exports, transitions, captcha, unmasked view, matching calls
 * and import are served by the parametric routes registered at start-up; its aliases by the catch-all
 * forwarder (ADR 0042); its pages by the pages call, which reads the live folders; its search documents
 * by the indexer compiled with the folder, which every write and transition takes from the live folder.
 * What is left is what only a start builds: the module behind a `source`. It is refused at its place, so
 * the author knows what to take out; the folder gets it once its files are read at a start.
 */
const START_ONLY: readonly (readonly [key: 'source', why: string])[] = [
  ['source', '数据来源（source）的记录由服务器模块保存，模块在启动时接入'],
];

/**
 * The start-only parts a new folder has, each a problem at its key in resource.json, and its aliases
 * whose path another route or folder takes (`aliasProblem`, the routes' say, as for a live folder's new alias).
 */
export function newFolderProblems(
  folder: CompiledResource,
  aliasProblem: (alias: ResourceAlias) => string | undefined = () => undefined,
): UnitProblem[] {
  const { resource } = folder;
  const file = `resources/${folder.name}/resource.json`;
  const problems: UnitProblem[] = START_ONLY.filter(([key]) => resource[key] !== undefined).map(([key, why]) => ({
    file,
    pointer: `/${key}`,
    message: `新建的记录类型暂不支持：${why}，${RESTART}`,
  }));
  (resource.aliases ?? []).forEach((alias, index) => {
    const taken = aliasProblem(alias);
    if (taken !== undefined) problems.push({ file, pointer: `/aliases/${index}/path`, message: `${taken}，新的别名不能用这个路径` });
  });
  return problems;
}
