import type { ValidateFunction } from 'ajv';
import dashboardMetaSchema from '../../../schemas/meta/dashboard.schema.json';
import type { DashboardFile, DashboardWidget } from '../generated/dashboard-file';
import { recordProperty } from '../resource/list-fields';
import type { ResourceFolderParts } from '../resource/resource-folder-parts';
import { listStates } from '../resource/workflow-rules';
import { authoringMessage } from '../schema/authoring-message';
import { createAjv } from '../schema/create-ajv';

/** A dashboard's place under the schemas folder: dashboards/<name>.dashboard.json. */
export const DASHBOARD_FILE_PATTERN = /^dashboards\/([a-z][a-z0-9-]{0,39})\.dashboard\.json$/;

/** The record columns a trend may bucket besides the record's own date fields. */
export const DASHBOARD_DATE_COLUMNS: readonly string[] = ['createdAt', 'updatedAt'];

let validateDashboard: ValidateFunction | undefined;

type Problem = { pointer: string; message: string };

/** The keywords each kind reads: another kind's keyword on a widget is a mistake, not a silent no-op. */
const KIND_KEYWORDS: Record<DashboardWidget['kind'], readonly string[]> = {
  counter: [],
  trend: ['date', 'period', 'periods'],
  breakdown: ['by'],
  top: ['by', 'limit'],
};
const KIND_ONLY: readonly (keyof DashboardWidget)[] = ['date', 'period', 'periods', 'by', 'limit'];

function typeOf(node: { type?: unknown } | undefined): string | undefined {
  return typeof node?.type === 'string' ? node.type : undefined;
}

function widgetProblems(pointer: string, widget: DashboardWidget, folders: ReadonlyMap<string, ResourceFolderParts>): Problem[] {
  const problems: Problem[] = [];
  const at = (key: string, message: string) => problems.push({ pointer: `${pointer}/${key}`, message });
  for (const key of KIND_ONLY) {
    if (widget[key] !== undefined && !KIND_KEYWORDS[widget.kind].includes(key))
      at(
        key,
        `${widget.kind} 组件不使用 ${key}（${key} 只用于 ${Object.entries(KIND_KEYWORDS)
          .flatMap(([kind, keys]) => (keys.includes(key) ? [kind] : []))
          .join('、')}）`,
      );
  }
  const folder = folders.get(widget.resource);
  if (!folder) {
    at('resource', `没有资源文件夹 "${widget.resource}"（应有 resources/${widget.resource}/，且它本身检查通过）`);
    return problems;
  }
  const list = Object.hasOwn(folder.lists, widget.list) ? folder.lists[widget.list] : undefined;
  if (!list) {
    at('list', `资源 "${widget.resource}" 没有列表 "${widget.list}"（已有：${Object.keys(folder.lists).join('、') || '无'}）`);
    return problems;
  }
  const shown = listStates(folder.workflow, list);
  (widget.states ?? []).forEach((state, index) => {
    if (!shown.includes(state))
      at(`states/${index}`, `列表 "${widget.list}" 不显示状态 "${state}"：组件只能缩小列表的范围（可选：${shown.join('、')}）`);
  });
  const record = folder.record;
  const source = folder.resource.source !== undefined;
  for (const field of Object.keys(widget.where ?? {})) {
    const type = typeOf(recordProperty(record, field));
    if (type === undefined || type === 'array' || type === 'object') at(`where/${field}`, `记录没有可比较的顶层字段 "${field}"`);
    else if (source) at(`where/${field}`, `资源 "${widget.resource}" 的记录来自模块自己的表（source），组件不能再加 where 条件`);
  }
  if (widget.measure) {
    if (source) at('measure', `资源 "${widget.resource}" 的记录来自模块自己的表（source），只能计数，不能求和`);
    widget.measure.sum.forEach((field, index) => {
      const type = typeOf(recordProperty(record, field));
      if (type !== 'number' && type !== 'integer')
        at(`measure/sum/${index}`, `求和的字段 "${field}" 应是记录的数字字段（type number 或 integer）`);
    });
  }
  if (widget.kind === 'trend' && widget.date !== undefined && !DASHBOARD_DATE_COLUMNS.includes(widget.date)) {
    const node = recordProperty(record, widget.date);
    if (typeOf(node) !== 'string' || (node?.format !== 'date' && node?.format !== 'date-time'))
      at('date', `按时间统计的字段 "${widget.date}" 应是记录的日期字段（format date 或 date-time），或 createdAt、updatedAt`);
  }
  if ((widget.kind === 'breakdown' || widget.kind === 'top') && widget.by !== undefined && widget.by !== 'status') {
    const node = recordProperty(record, widget.by);
    const type = typeOf(node);
    if (node === undefined) at('by', `记录没有字段 "${widget.by}"`);
    else if (widget.kind === 'breakdown' && (type !== 'string' || typeof node['x-dict'] !== 'string'))
      at('by', `分类统计的字段 "${widget.by}" 应是字典字段（有 x-dict，标签取自字典），或 status；其他文本字段请用 top`);
    else if (type !== 'string' && type !== 'integer') at('by', `分组的字段 "${widget.by}" 应是文本或整数字段`);
  }
  return problems;
}

/**
 * The problems of a dashboard file as `schemas:check` and the server report them: its shape, then each
 * widget against the resource folders (`folders`, those that check): the folder and its list, states the
 * list shows, fields of the right type for where, sum, date and by, and unique widget ids.
 */
export function checkDashboardFile(value: unknown, folders: ReadonlyMap<string, ResourceFolderParts>): Problem[] {
  validateDashboard ??= createAjv().compile(dashboardMetaSchema);
  if (!validateDashboard(value))
    return (validateDashboard.errors ?? []).map((error) => ({ pointer: error.instancePath, message: authoringMessage(error) }));
  const file = value as DashboardFile;
  const seen = new Set<string>();
  return file.widgets.flatMap((widget, index) => {
    const duplicate: Problem[] = seen.has(widget.id)
      ? [{ pointer: `/widgets/${index}/id`, message: `组件名 "${widget.id}" 重复：每个组件的 id 在看板中唯一` }]
      : [];
    seen.add(widget.id);
    return [...duplicate, ...widgetProblems(`/widgets/${index}`, widget, folders)];
  });
}
