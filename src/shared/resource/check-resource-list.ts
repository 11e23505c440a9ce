import type { ValidateFunction } from 'ajv';
import listMetaSchema from '../../../schemas/meta/resource-list.schema.json';
import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import { authoringMessage } from '../schema/authoring-message';
import { createAjv } from '../schema/create-ajv';
import type { JsonSchema } from '../schema/json-schema';
import { checkListLayout } from './check-list-layout';
import { isFilterable, isSortable, recordProperty } from './list-fields';
import { isSystemField, SYSTEM_FIELDS } from './resource-definition';
import { hasOrgAdminTransitions } from './workflow-rules';

let validateList: ValidateFunction<ResourceListFile> | undefined;

/** Names the page request itself uses: a filter may not take them. */
const PAGE_FIELDS = ['pageNo', 'pageSize', 'sortField', 'sortOrder'];
const FIXED_ROW_ACTIONS = ['detail', 'edit', 'delete'];

export interface ListContext {
  resource: ResourceFile;
  record: JsonSchema;
  workflow: WorkflowFile | undefined;
}

/** Every problem in one list file: its meta-schema, then each field, state and action it names. */
export function checkResourceList(file: string, value: unknown, context: ListContext): FolderProblem[] {
  validateList ??= createAjv().compile<ResourceListFile>(listMetaSchema);
  if (!validateList(value)) {
    return (validateList.errors ?? []).map((error) => ({ file, pointer: error.instancePath, message: authoringMessage(error) }));
  }
  const problems: FolderProblem[] = [];
  const add = (pointer: string, message: string): void => void problems.push({ file, pointer, message });
  const { record, workflow, resource } = context;
  const fieldNames = [...Object.keys(record.properties ?? {}), ...SYSTEM_FIELDS].join('、');
  value.columns.forEach((column, index) => {
    if (!isSystemField(column.field) && !recordProperty(record, column.field)) {
      add(`/columns/${index}/field`, `列 "${column.field}" 既不是 record.schema.json 的属性，也不是系统字段（可用：${fieldNames}）`);
    }
  });
  (value.filters ?? []).forEach((filter, index) => {
    if (filter.match !== undefined) return;
    if (PAGE_FIELDS.includes(filter.field)) add(`/filters/${index}/field`, `"${filter.field}" 是分页参数的名字，不能作为筛选字段`);
    else if (!isFilterable(record, filter.field))
      add(`/filters/${index}/field`, `不能按 "${filter.field}" 筛选：筛选字段应为 status 或 record.schema.json 顶层的文本、数字或布尔属性`);
  });
  for (const field of Object.keys(value.where ?? {})) {
    const at = `/where/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (field === 'status' || !isFilterable(record, field))
      add(at, `不能固定 "${field}"：where 中的字段应为 record.schema.json 顶层的文本、数字或布尔属性（状态用 states）`);
    else if ((value.filters ?? []).some((filter) => filter.field === field)) add(at, `"${field}" 已由 where 固定，不能再作为筛选字段`);
  }
  if (value.sort) {
    value.sort.fields.forEach((field, index) => {
      if (!isSortable(record, field))
        add(
          `/sort/fields/${index}`,
          `不能按 "${field}" 排序：排序字段应为系统字段（${SYSTEM_FIELDS.join('、')}）或顶层的文本、数字或布尔属性`,
        );
    });
    if (!value.sort.fields.includes(value.sort.default.field))
      add('/sort/default/field', `默认排序字段 "${value.sort.default.field}" 应在 sort.fields 中`);
  }
  if (value.menu && value.scope !== 'all') add('/menu', '只有 scope 为 "all" 的列表能放进登录后生成的菜单（科研诚信）');
  if (value.accountMenu && value.scope === 'all')
    add(
      '/accountMenu',
      '账户菜单只放本人、本单位、所管理单位、发给本人或针对本人记录的列表（scope 为 "mine"、"organisation"、"administered"、"addressed" 或 "targetOwner"）；所有人的列表用 menu 放进科研诚信菜单',
    );
  if (value.audience === 'user' && (value.scope !== 'all' || resource.owner !== 'none'))
    add('/audience', '"audience": "user" 只能用在 scope 为 "all"、owner 为 "none"（记录不属于任何人，如已入驻单位名录）的列表上');
  if (value.audience === 'public') checkPublicList(value, resource, add);
  checkFilterMatches(value, record, add);
  checkListLayout(value, record, add);
  if (value.summary) checkSummary(value.summary, record, add);
  // A source decides what "mine" is among records without an owner (the units a user belongs to); the engine's own table cannot.
  if (value.scope === 'mine' && resource.owner === 'none' && resource.source === undefined)
    add('/scope', '资源的 owner 为 "none"（记录没有所有者），列表不能用 "mine"');
  if (value.scope === 'organisation' && resource.owner !== 'organisation')
    add('/scope', '只有 owner 为 "organisation" 的资源才能用 "organisation" 列表');
  if (value.scope === 'administered' && (resource.owner !== 'organisation' || resource.source !== undefined))
    add(
      '/scope',
      '"administered" 列表列出当前用户所管理单位的记录，只能用在 owner 为 "organisation"、记录由引擎保存（没有 source）的资源中',
    );
  else if (value.scope === 'administered' && workflow && !hasOrgAdminTransitions(workflow))
    add('/scope', '"administered" 列表给单位管理员审核用，工作流中至少要有一个由单位管理员（orgAdmin）操作的流转');
  if (value.scope === 'addressed' && resource.addressees === undefined)
    add('/scope', '"addressed" 列表列出发给当前用户的记录，资源需要在 resource.json 中写 addressees（记录中哪一列是受邀人的手机号）');
  if (value.scope === 'addressed' && resource.source !== undefined)
    add('/scope', `记录来自服务器模块 "${resource.source}" 的资源不能用 "addressed" 列表`);
  // The records are found through the target's own id: the only match that names one record for good.
  if (value.scope === 'targetOwner' && !resource.target?.match.some((pair) => pair.targetField === 'id'))
    add(
      '/scope',
      '"targetOwner" 列表列出针对当前用户所拥有记录的记录（如对我的需求发来的对接请求），资源需要在 resource.json 中写 target，且 match 中有一项的 targetField 为 "id"（目标记录的编号）',
    );
  if (workflow) {
    const states = Object.keys(workflow.states);
    (value.states ?? []).forEach((state, index) => {
      if (!states.includes(state)) add(`/states/${index}`, `状态 "${state}" 没有在工作流中定义（已定义：${states.join('、')}）`);
      else if (value.scope !== 'mine' && workflow.states[state]?.private)
        add(`/states/${index}`, `状态 "${state}" 是私有状态（草稿），"${value.scope}" 列表不会显示它`);
    });
    const actions = [
      ...FIXED_ROW_ACTIONS,
      ...Object.keys(workflow.transitions).filter((name) => workflow.transitions[name]?.actor !== 'system'),
    ];
    (value.rowActions ?? []).forEach((action, index) => {
      if (workflow.transitions[action]?.actor === 'system')
        add(`/rowActions/${index}`, `"${action}" 由系统在其他记录生效时执行（actor 为 "system"），不能作为行操作`);
      else if (!actions.includes(action)) add(`/rowActions/${index}`, `未知的行操作 "${action}"（可用：${actions.join('、')}）`);
    });
  }
  for (const [action, link] of Object.entries(value.links ?? {})) {
    for (const [, field = ''] of link.href.matchAll(/\{([^}]*)\}/g)) {
      if (field !== 'id' && !recordProperty(record, field))
        add(`/links/${action}/href`, `链接中的 {${field}} 既不是 id，也不是 record.schema.json 的属性`);
    }
  }
  if (resource.source !== undefined) {
    (value.rowActions ?? []).forEach((action, index) => {
      // The records of a source are the module's: the engine's own detail, edit and delete cannot reach them.
      if (action === 'delete') add(`/rowActions/${index}`, `资源的记录来自服务器模块 "${resource.source}"，列表不能删除记录`);
      else if ((action === 'detail' || action === 'edit') && !value.links?.[action])
        add(
          `/rowActions/${index}`,
          `资源的记录来自服务器模块 "${resource.source}"，行操作 "${action}" 需要在 links.${action} 中写明页面地址`,
        );
    });
  }
  return problems;
}

type Add = (pointer: string, message: string) => void;

/** A list for visitors shows the folder's public records only, and names which. */
function checkPublicList(value: ResourceListFile, resource: ResourceFile, add: Add): void {
  if (value.scope !== 'all') add('/audience', '"audience": "public" 只能用在 scope 为 "all" 的列表上');
  const open = resource.visitors?.states;
  if (open === undefined) {
    add('/audience', '"audience": "public" 需要 resource.json 的 visitors（哪些状态的记录对访客公开）');
    return;
  }
  if (value.states === undefined) add('/audience', '"audience": "public" 的列表要用 states 写明显示哪些状态（都应在 visitors.states 中）');
  (value.states ?? []).forEach((state, index) => {
    if (!open.includes(state)) add(`/states/${index}`, `状态 "${state}" 不在 resource.json 的 visitors.states 中，不能给访客看`);
  });
}

function isDateField(record: JsonSchema, field: string): boolean {
  const node = recordProperty(record, field);
  return node?.type === 'string' && node.format === 'date';
}

/** month and period compare dates; equals needs a top-level text field. */
function checkFilterMatches(value: ResourceListFile, record: JsonSchema, add: Add): void {
  (value.filters ?? []).forEach((filter, index) => {
    if (filter.match === undefined) return;
    if (filter.match === 'equals' && recordProperty(record, filter.field)?.type !== 'string')
      add(`/filters/${index}/field`, `"match": "equals" 要用在 record.schema.json 顶层的文本字段上`);
    if ((filter.match === 'month' || filter.match === 'period') && !isDateField(record, filter.field))
      add(`/filters/${index}/field`, `"match": "${filter.match}" 要用在 record.schema.json 顶层的日期字段（format 为 date）上`);
  });
  if (value.interests) {
    const node = recordProperty(record, value.interests.field);
    if (node?.type !== 'array' || node['x-dict'] === undefined)
      add('/interests/field', `"${value.interests.field}" 应是 record.schema.json 顶层的字典多选字段（数组，带 x-dict）`);
  }
}

function checkSummary(summary: NonNullable<ResourceListFile['summary']>, record: JsonSchema, add: Add): void {
  if (summary.by === 'month' && !isDateField(record, summary.field))
    add('/summary/field', `按月统计（by 为 "month"）要用 record.schema.json 顶层的日期字段（format 为 date）`);
  if (summary.by === 'value' && recordProperty(record, summary.field)?.type !== 'string')
    add('/summary/field', `按值统计（by 为 "value"）要用 record.schema.json 顶层的文本字段`);
}
