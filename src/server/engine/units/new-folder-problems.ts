import type { CompiledResource } from './compiled-resource';
import type { UnitProblem } from './schema-unit-error';

const RESTART = '新建的记录类型暂不支持，需修改文件并重启门户';

/**
 * What a resource folder that goes live after start-up cannot have (ADR 0047). Its records are served by
 * the parametric routes registered at start-up (create, update, delete, detail, definition, lists and
 * transitions); whatever else is a route, an index or a start-up job of its own is not there for it:
 * a module's records (source), spec aliases and pages, the search index, policy matching, import, the
 * unique-value indexes (x-unique, unique), the unmask route (x-mask), the captcha route, and a list's
 * summary and export routes. Each is refused with its place, so the author knows what to take out; the
 * folder gets them once its files are read at a start.
 */
export function newFolderProblems(folder: CompiledResource): UnitProblem[] {
  const dir = `resources/${folder.name}`;
  const problems: UnitProblem[] = [];
  const refuse = (file: string, pointer: string, what: string): void => {
    problems.push({ file: `${dir}/${file}`, pointer, message: `${what}：${RESTART}` });
  };
  const { resource } = folder;
  for (const [key, what] of [
    ['source', '数据来源（source）'],
    ['aliases', '规范路径（aliases）'],
    ['pages', '页面（pages）'],
    ['search', '全站搜索（search）'],
    ['matching', '政策匹配（matching）'],
    ['import', '导入（import）'],
    ['unique', '唯一字段组合（unique）'],
    ['anonymousCreate', '免登录新建（anonymousCreate）'],
  ] as const) {
    if (resource[key] !== undefined && resource[key] !== false) refuse('resource.json', `/${key}`, what);
  }
  for (const field of folder.uniqueFields) refuse('record.schema.json', `/properties/${field}/x-unique`, '唯一值（x-unique）');
  for (const [field] of folder.maskedFields) refuse('record.schema.json', `/properties/${field}/x-mask`, '脱敏显示（x-mask）');
  for (const [table, column] of folder.maskedColumns)
    refuse('record.schema.json', `/properties/${table}/items/properties/${column}/x-mask`, '脱敏显示（x-mask）');
  if (folder.captchaField !== undefined) refuse('record.schema.json', `/properties/${folder.captchaField}`, '图形验证码字段（Captcha）');
  for (const [name, list] of Object.entries(folder.lists)) {
    if (list.summary !== undefined) refuse(`lists/${name}.list.json`, '/summary', '列表统计（summary）');
    if (list.export !== undefined) refuse(`lists/${name}.list.json`, '/export', '列表导出（export）');
  }
  return problems;
}
