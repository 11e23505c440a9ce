import type { CompiledResource } from './compiled-resource';
import type { UnitProblem } from './schema-unit-error';

const RESTART = '需修改文件并重启门户';

/**
 * What a resource folder that goes live after start-up still cannot have (ADRs 0047, 0049), each with
 * why. Its records, lists, summaries, exports, transitions, captcha and unmasked view are served by the
 * parametric routes registered at start-up; its unique-value indexes are built before its creation
 * commits (the publication effects of ADR 0045), and `unique` field sets and `anonymousCreate` are read
 * from the live folder by the write pipeline and the create route. What is left is what only a start
 * builds: the module behind a `source`, the static routes of `aliases` and `pages`, the search indexer,
 * and the matching routes (the import's are parametric, ADR 0050). Each is refused at its place, so the author knows what to take
 * out; the folder gets them once its files are read at a start.
 */
const START_ONLY: readonly (readonly [key: 'source' | 'aliases' | 'pages' | 'search' | 'matching', why: string])[] = [
  ['source', '数据来源（source）的记录由服务器模块保存，模块在启动时接入'],
  ['aliases', '规范路径（aliases）是启动时注册的接口'],
  ['pages', '公开页面（pages）的路径在启动时注册'],
  ['search', '全站搜索（search）的索引任务在启动时建立'],
  ['matching', '政策匹配（matching）的接口在启动时注册'],
];

/** The start-only parts a new folder has, each a problem at its key in resource.json. */
export function newFolderProblems(folder: CompiledResource): UnitProblem[] {
  const { resource } = folder;
  return START_ONLY.filter(([key]) => resource[key] !== undefined).map(([key, why]) => ({
    file: `resources/${folder.name}/resource.json`,
    pointer: `/${key}`,
    message: `新建的记录类型暂不支持：${why}，${RESTART}`,
  }));
}
