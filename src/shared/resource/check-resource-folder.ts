import type { ValidateFunction } from 'ajv';
import resourceMetaSchema from '../../../schemas/meta/resource.schema.json';
import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import { authoringMessage } from '../schema/authoring-message';
import { checkSchema } from '../schema/check-schema';
import { checkUploadNode } from '../schema/check-upload-node';
import { createAjv } from '../schema/create-ajv';
import { isJsonSchema, type JsonSchema } from '../schema/json-schema';
import { importColumns } from './import-columns';
import { checkResourceList } from './check-resource-list';
import { checkMatching } from './check-matching';
import { checkNotify } from './check-notify';
import { checkPortalPages, checkUniqueSets } from './check-portal-pages';
import { checkSubmitModes } from './check-submit-modes';
import { checkSearch } from './check-search';
import { checkVisitorFields } from './check-visitor-fields';
import { checkWorkflow } from './check-workflow';
import { sharedWorkflowPath } from './shared-workflow-path';
import { maskedFieldsOf } from './masked-fields-of';
import { isPrivateState } from './workflow-rules';
import { LIST_SUFFIX, RECORD_FILE, recordSchemaId, RESERVED_FIELDS, RESOURCE_FILE, WORKFLOW_FILE } from './resource-definition';
import { escapePointer } from '../schema/escape-pointer';
import { RETIRED_FORM_KEYWORD } from '../schema/is-retired-form';

let validateResource: ValidateFunction<ResourceFile> | undefined;

const LIST_FILE = /^lists\/([a-z][a-z0-9-]{0,39})\.list\.json$/;

/** The list name of a `lists/<name>.list.json` path, or undefined for any other file. */
export function listNameOf(file: string): string | undefined {
  return LIST_FILE.exec(file)?.[1];
}

/** Rules a record schema has beyond any form's: every object closed, attachments as in a step, x-unique at the top. */
function checkRecordNode(
  node: JsonSchema,
  pointer: string,
  level: 'root' | 'top' | 'row' | 'column' | 'nested',
  add: (pointer: string, message: string) => void,
  uploads: JsonSchema[],
): void {
  if (checkUploadNode(node, pointer, add)) {
    uploads.push(node);
    return;
  }
  if (node['x-unique'] !== undefined && !(level === 'top' && node.type === 'string'))
    add(`${pointer}/x-unique`, 'x-unique 只能写在记录顶层的文本（string）字段上');
  if (level === 'root' && node[RETIRED_FORM_KEYWORD] !== undefined)
    add(
      `${pointer}/${RETIRED_FORM_KEYWORD}`,
      `记录 schema 不能写 ${RETIRED_FORM_KEYWORD}：停用记录类型请在 resource.json 中写 "retired": true`,
    );
  if (node['x-mask'] !== undefined && !((level === 'top' || level === 'column') && node.type === 'string'))
    add(`${pointer}/x-mask`, 'x-mask 只能写在记录顶层的文本（string）字段或顶层表格的文本列上');
  if (node['x-personal'] !== undefined && !((level === 'top' || level === 'column') && node.type === 'string'))
    add(`${pointer}/x-personal`, 'x-personal 只能写在记录顶层的文本（string）字段或顶层表格的文本列上');
  if (node['x-personal'] !== undefined && node['x-mask'] !== undefined)
    add(`${pointer}/x-personal`, 'x-mask 已表示加密存储：同一字段只写 x-mask（打码并加密）或 x-personal（只加密）之一');
  if (node.type === 'object' || node.properties) {
    if (node.additionalProperties !== false) add(pointer, '每一层对象都应写 "additionalProperties": false，以拒绝未定义的字段');
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (isJsonSchema(child))
        checkRecordNode(
          child,
          `${pointer}/properties/${escapePointer(name)}`,
          level === 'root' ? 'top' : level === 'row' ? 'column' : 'nested',
          add,
          uploads,
        );
    }
  }
  // A top-level table's rows: their text columns may be masked (a guest's phone), nothing deeper.
  if (isJsonSchema(node.items)) checkRecordNode(node.items, `${pointer}/items`, level === 'top' ? 'row' : 'nested', add, uploads);
}

function checkRecord(name: string, resource: ResourceFile, record: unknown, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RECORD_FILE, pointer, message });
  for (const problem of checkSchema(record)) add(problem.pointer, problem.message);
  if (!isJsonSchema(record)) return;
  const expectedId = recordSchemaId(name);
  if (record.$id !== expectedId) add('/$id', `$id 应为 "${expectedId}"`);
  if (record.type !== 'object') add('/type', '记录 schema 的 type 应为 "object"');
  for (const field of Object.keys(record.properties ?? {})) {
    if ((RESERVED_FIELDS as readonly string[]).includes(field))
      add(`/properties/${escapePointer(field)}`, `"${field}" 由服务器决定（状态、所有者、版本、时间），记录不能声明这个属性`);
  }
  const uploads: JsonSchema[] = [];
  checkRecordNode(record, '', 'root', add, uploads);
  // A file is uploaded by a logged-in user and read back through the record's owner.
  if (uploads.length > 0 && resource.anonymousCreate)
    add('/properties', '访客可新建（anonymousCreate）的资源不能有附件字段（Upload）：上传需要登录');
  if (uploads.length > 0 && resource.owner === 'none')
    add('/properties', '没有所有者（owner 为 "none"）的资源不能有附件字段（Upload）：附件要归属于提交人');
  if (resource.anonymousCreate) {
    const captcha = Object.values(record.properties ?? {}).some((node) => node['x-component'] === 'Captcha');
    if (!captcha) add('/properties', 'anonymousCreate 为 true 时，记录必须有一个图形验证码字段（"x-component": "Captcha"），以防机器提交');
  }
}

/** The addressees' field is a top-level table whose rows hold a text phone column. */
function checkAddressees(resource: ResourceFile, record: unknown, workflow: WorkflowFile | undefined, problems: FolderProblem[]): void {
  const addressees = resource.addressees;
  if (addressees === undefined || !isJsonSchema(record)) return;
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  if (resource.source !== undefined) add('/addressees', `记录来自服务器模块 "${resource.source}" 的资源不能写 addressees`);
  const table = record.properties?.[addressees.field];
  const items = table?.items;
  if (!table || table.type !== 'array' || !isJsonSchema(items) || Array.isArray(items) || !items.properties) {
    add('/addressees/field', `"${addressees.field}" 应是 record.schema.json 顶层的表格字段（type 为 "array"，每行是带 properties 的对象）`);
    return;
  }
  if (items.properties[addressees.phoneField]?.type !== 'string')
    add('/addressees/phoneField', `表格 "${addressees.field}" 的每一行应有文本列 "${addressees.phoneField}"（受邀人的手机号）`);
  (addressees.states ?? []).forEach((state, index) => {
    if (workflow && !Object.hasOwn(workflow.states, state))
      add(`/addressees/states/${index}`, `状态 "${state}" 没有在工作流中定义（已定义：${Object.keys(workflow.states).join('、')}）`);
    else if (workflow && isPrivateState(workflow, state))
      add(`/addressees/states/${index}`, `状态 "${state}" 是私有状态，记录在这个状态不会发给受邀人`);
  });
}

/** A decision chooses among transitions one caller may take alike: the same actor and the same permission. */
function checkDecision(
  names: readonly string[],
  workflow: WorkflowFile,
  at: string,
  add: (pointer: string, message: string) => void,
): void {
  const known = names.filter((name, index) => {
    if (Object.hasOwn(workflow.transitions, name)) return true;
    add(`${at}/${index}`, `工作流中没有操作 "${name}"（已定义：${Object.keys(workflow.transitions).join('、')}）`);
    return false;
  });
  const kinds = new Set(known.map((name) => `${workflow.transitions[name]?.actor}:${workflow.transitions[name]?.permission ?? ''}`));
  if (kinds.size > 1) add(at, `可供选择的流转 ${known.join('、')} 应由同一类操作人、以同一权限操作`);
}

function checkAliases(
  resource: ResourceFile,
  workflow: WorkflowFile | undefined,
  lists: readonly string[],
  problems: FolderProblem[],
): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  const seen = new Set<string>();
  if (resource.source !== undefined && resource.anonymousCreate)
    add('/anonymousCreate', `记录来自服务器模块 "${resource.source}" 的资源不能由访客新建`);
  (resource.aliases ?? []).forEach((alias, index) => {
    const at = `/aliases/${index}`;
    if (resource.source !== undefined && alias.action !== 'list' && alias.action !== 'transition')
      add(`${at}/action`, `记录来自服务器模块 "${resource.source}"，只有列表和流转接口由引擎提供`);
    const key = `${alias.method} ${alias.path}`;
    if (seen.has(key)) add(`${at}/path`, `接口 ${key} 重复`);
    seen.add(key);
    if (alias.action === 'list' || alias.action === 'summary') {
      if (alias.list === undefined)
        add(at, `${alias.action === 'list' ? '列表' : '统计'}接口（action 为 "${alias.action}"）需要 list：lists 文件夹中的列表名`);
      else if (!lists.includes(alias.list)) add(`${at}/list`, `找不到列表 "${alias.list}"（应有 lists/${alias.list}.list.json）`);
    } else if (alias.list !== undefined) add(`${at}/list`, '只有 action 为 "list" 或 "summary" 的接口才写 list');
    if (alias.action === 'transition') {
      if (alias.transition === undefined) add(at, '流转接口（action 为 "transition"）需要 transition：工作流中的操作名');
      else if (workflow && !Object.hasOwn(workflow.transitions, alias.transition))
        add(`${at}/transition`, `工作流中没有操作 "${alias.transition}"（已定义：${Object.keys(workflow.transitions).join('、')}）`);
    } else if (alias.transition !== undefined) add(`${at}/transition`, '只有 action 为 "transition" 的接口才写 transition');
    if (alias.method === 'GET' && ['create', 'update', 'decide'].includes(alias.action))
      add(`${at}/method`, `"${alias.action}" 接口带有请求体，应为 POST`);
    if (alias.action === 'decide') {
      if (alias.transitions === undefined)
        add(at, '审核接口（action 为 "decide"）需要 transitions：可供选择的流转，如 ["approve", "reject"]');
      else if (workflow) checkDecision(alias.transitions, workflow, `${at}/transitions`, add);
    } else if (alias.transitions !== undefined) add(`${at}/transitions`, '只有 action 为 "decide" 的接口才写 transitions');
  });
}

/** The portal's own page paths, which a folder's page may not take over (the browser's fixed routes win). */
const RESERVED_PAGE_PREFIXES = [
  '/api',
  '/resources',
  '/login',
  '/user',
  '/account/center',
  '/account/settings',
  '/account/notifications',
  '/integrity',
  '/privacyPolicy',
  '/home/articles',
  '/home/recominform',
  '/search',
  '/home/questions',
  '/home/aianswer',
  '/home/findproxy/science-innovation',
  '/403',
  '/404',
  '/500',
];

function checkPages(resource: ResourceFile, lists: readonly string[], record: unknown, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  const seen = new Set<string>();
  (resource.pages ?? []).forEach((page, index) => {
    const at = `/pages/${index}`;
    if (seen.has(page.path)) add(`${at}/path`, `页面 ${page.path} 重复`);
    seen.add(page.path);
    const reserved = RESERVED_PAGE_PREFIXES.find((prefix) => page.path === prefix || page.path.startsWith(`${prefix}/`));
    if (reserved !== undefined || page.path === '/home' || page.path === '/')
      add(`${at}/path`, `${page.path} 是门户自己的页面，不能由资源文件夹占用`);
    if (page.page === 'list' || page.page === 'map') {
      if (page.list === undefined)
        add(at, `${page.page === 'list' ? '列表' : '地图'}页面（page 为 "${page.page}"）需要 list：lists 文件夹中的列表名`);
      else if (!lists.includes(page.list)) add(`${at}/list`, `找不到列表 "${page.list}"（应有 lists/${page.list}.list.json）`);
    } else if (page.list !== undefined) add(`${at}/list`, '只有 page 为 "list" 或 "map" 的页面才写 list');
    if (page.page === 'new' && resource.source !== undefined)
      add(`${at}/page`, `记录来自服务器模块 "${resource.source}"，引擎不提供新建表单`);
    checkPageParts(resource, page, at, record, add);
  });
}

type ResourcePage = NonNullable<ResourceFile['pages']>[number];

/** A form page's fixed values name record fields and its notes page is one of the folder's; a notes page has its notes and links to the folder's forms. */
function checkPageParts(
  resource: ResourceFile,
  page: ResourcePage,
  at: string,
  record: unknown,
  add: (pointer: string, message: string) => void,
): void {
  const pages = resource.pages ?? [];
  const properties = isJsonSchema(record) ? (record.properties ?? {}) : {};
  if (page.values !== undefined && page.page !== 'new') add(`${at}/values`, '只有 page 为 "new" 的表单页面才写 values');
  for (const field of Object.keys(page.values ?? {})) {
    if (!Object.hasOwn(properties, field)) add(`${at}/values/${escapePointer(field)}`, `"${field}" 不是 record.schema.json 顶层的属性`);
  }
  if (page.before !== undefined) {
    if (page.page !== 'new') add(`${at}/before`, '只有 page 为 "new" 的表单页面才写 before');
    else if (!pages.some((candidate) => candidate.path === page.before && candidate.page === 'notes'))
      add(`${at}/before`, `${page.before} 不是本资源文件夹中 page 为 "notes" 的页面`);
  }
  if (page.page === 'notes' && page.notes === undefined) add(at, '须知页面（page 为 "notes"）需要 notes：各段内容和用户同意的文字');
  if (page.page !== 'notes' && page.notes !== undefined) add(`${at}/notes`, '只有 page 为 "notes" 的页面才写 notes');
  (page.notes?.links ?? []).forEach((link, index) => {
    if (!pages.some((candidate) => candidate.path === link.path && candidate.page === 'new'))
      add(`${at}/notes/links/${index}/path`, `${link.path} 不是本资源文件夹中 page 为 "new" 的表单页面`);
  });
}

/**
 * Every problem in one resource folder, as `npm run schemas:check` and the server's start-up report
 * them: resource.json against its meta-schema, the record schema (the form checks plus the record's
 * own rules), the workflow (the folder's workflow.json or the shared one resource.json names), each
 * list file, and the aliases. `files` maps each path in the folder (lists/… included) to its parsed
 * JSON; `sharedWorkflows` maps each schemas/workflows/<name>.workflow.json name to its parsed JSON.
 * Empty means the folder is good.
 */
export function checkResourceFolder(
  folderName: string,
  files: ReadonlyMap<string, unknown>,
  sharedWorkflows: ReadonlyMap<string, unknown>,
): FolderProblem[] {
  const value = files.get(RESOURCE_FILE);
  if (value === undefined) return [{ file: RESOURCE_FILE, pointer: '', message: `资源文件夹 "${folderName}" 缺少 resource.json` }];
  validateResource ??= createAjv().compile<ResourceFile>(resourceMetaSchema);
  if (!validateResource(value)) {
    return (validateResource.errors ?? []).map((error) => ({
      file: RESOURCE_FILE,
      pointer: error.instancePath,
      message: authoringMessage(error),
    }));
  }
  const resource = value;
  const problems: FolderProblem[] = [];
  if (resource.name !== folderName)
    problems.push({ file: RESOURCE_FILE, pointer: '/name', message: `name "${resource.name}" 应与文件夹名 "${folderName}" 相同` });

  const record = files.get(RECORD_FILE);
  if (record === undefined) problems.push({ file: RECORD_FILE, pointer: '', message: '缺少 record.schema.json（一条记录的表单 schema）' });
  else checkRecord(folderName, resource, record, problems);

  let workflow: WorkflowFile | undefined;
  const own = files.get(WORKFLOW_FILE);
  if (resource.workflow !== undefined) {
    if (own !== undefined)
      problems.push({
        file: WORKFLOW_FILE,
        pointer: '',
        message: `resource.json 已引用共享工作流 "${resource.workflow}"，文件夹中不应再有 workflow.json`,
      });
    const shared = sharedWorkflows.get(resource.workflow);
    if (shared === undefined)
      problems.push({
        file: RESOURCE_FILE,
        pointer: '/workflow',
        message: `找不到共享工作流 "${resource.workflow}"（应有 workflows/${resource.workflow}.workflow.json）`,
      });
    else if (checkWorkflow(sharedWorkflowPath(resource.workflow), shared).length === 0) workflow = shared as WorkflowFile;
  } else if (own === undefined) {
    problems.push({
      file: WORKFLOW_FILE,
      pointer: '',
      message: '缺少 workflow.json（记录的状态和流转），或在 resource.json 中用 "workflow" 引用 workflows/ 中的共享工作流',
    });
  } else {
    const workflowProblems = checkWorkflow(WORKFLOW_FILE, own);
    problems.push(...workflowProblems);
    if (workflowProblems.length === 0) workflow = own as WorkflowFile;
  }

  const lists: string[] = [];
  for (const [file, list] of files) {
    if (file === RESOURCE_FILE || file === RECORD_FILE || file === WORKFLOW_FILE) continue;
    const listName = listNameOf(file);
    if (listName === undefined) {
      problems.push({
        file,
        pointer: '',
        message: `不认识的文件：资源文件夹只放 resource.json、record.schema.json、workflow.json 和 lists/<列表名>${LIST_SUFFIX}（列表名用小写字母、数字和连字符）`,
      });
      continue;
    }
    lists.push(listName);
    if (isJsonSchema(record)) problems.push(...checkResourceList(file, list, { resource, record, workflow }));
  }
  checkAliases(resource, workflow, lists, problems);
  checkPages(resource, lists, record, problems);
  checkAddressees(resource, record, workflow, problems);
  if (workflow && resource.addressees === undefined)
    checkAddresseeTransitions(workflow, resource.workflow === undefined ? WORKFLOW_FILE : sharedWorkflowPath(resource.workflow), problems);
  checkOrganisation(resource, record, workflow, problems);
  checkImport(resource, record, workflow, problems);
  checkJurisdiction(resource, record, problems);
  checkVisitors(resource, workflow, problems);
  if (isJsonSchema(record)) checkSearch(resource, record, problems);
  if (isJsonSchema(record))
    checkVisitorFields(
      resource,
      record,
      new Map(lists.map((list) => [list, files.get(`lists/${list}${LIST_SUFFIX}`) as ResourceListFile | undefined])),
      problems,
    );
  if (isJsonSchema(record)) checkMatching(resource, record, problems);
  if (isJsonSchema(record)) checkUniqueSets(resource, record, problems);
  if (isJsonSchema(record))
    checkPortalPages(
      resource,
      record,
      new Map(lists.map((list) => [list, files.get(`lists/${list}${LIST_SUFFIX}`) as ResourceListFile])),
      problems,
    );
  checkSummaryAliases(resource, files, problems);
  if (isJsonSchema(record)) checkUnmaskGrants(resource, record, problems);
  if (resource.createAction !== undefined && resource.anonymousCreate)
    problems.push({
      file: RESOURCE_FILE,
      pointer: '/createAction',
      message: '新建需要权限（createAction）的资源不能同时允许访客新建（anonymousCreate）',
    });
  if (workflow) checkSubmitModes(resource, workflow, problems);
  if (workflow)
    checkNotify(
      resource,
      isJsonSchema(record) ? record : undefined,
      workflow,
      resource.workflow === undefined ? WORKFLOW_FILE : sharedWorkflowPath(resource.workflow),
      problems,
    );
  if (workflow)
    checkOrgAdminTransitions(
      resource,
      workflow,
      resource.workflow === undefined ? WORKFLOW_FILE : sharedWorkflowPath(resource.workflow),
      problems,
    );
  return problems;
}

/** unmask shows a record's x-mask fields in full: only a folder of the engine's own records with such fields offers it. */
function checkUnmaskGrants(resource: ResourceFile, record: JsonSchema, problems: FolderProblem[]): void {
  const offered = resource.source === undefined && maskedFieldsOf(record).length > 0;
  for (const [role, actions] of Object.entries(resource.grants ?? {})) {
    if (!offered && actions?.includes('unmask'))
      problems.push({
        file: RESOURCE_FILE,
        pointer: `/grants/${escapePointer(role)}`,
        message: 'unmask（查看完整信息）只能授予记录有 x-mask 字段、记录由引擎保存（没有 source）的资源',
      });
  }
}

/** Imported records are the engine's own, start in a state of the workflow, and have columns to fill in. */
function checkImport(resource: ResourceFile, record: unknown, workflow: WorkflowFile | undefined, problems: FolderProblem[]): void {
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  (resource.aliases ?? []).forEach((alias, index) => {
    if (alias.action !== 'import') return;
    if (resource.import === undefined) add(`/aliases/${index}/action`, '导入接口（action 为 "import"）需要在 resource.json 中声明 import');
    if (alias.method !== 'POST') add(`/aliases/${index}/method`, '导入接口上传文件，应为 POST');
  });
  const imported = resource.import;
  if (imported === undefined) return;
  if (resource.source !== undefined) add('/import', `记录来自服务器模块 "${resource.source}" 的资源不能导入`);
  if (resource.organisation !== undefined) add('/import', '创建或加入单位的记录（organisation）须逐条申请和审核，不能批量导入');
  if (resource.anonymousCreate) add('/import', '访客可新建（anonymousCreate）的资源不能导入');
  if (isJsonSchema(record) && importColumns(record).length === 0)
    add('/import', 'record.schema.json 没有可以在表格中填写的顶层字段（文本、数字、日期、是否、单选），无法导入');
  if (imported.state !== undefined && workflow && !Object.hasOwn(workflow.states, imported.state))
    add('/import/state', `状态 "${imported.state}" 没有在工作流中定义（已定义：${Object.keys(workflow.states).join('、')}）`);
}

/** Records open to visitors are the engine's own, in public states of the workflow. */
function checkVisitors(resource: ResourceFile, workflow: WorkflowFile | undefined, problems: FolderProblem[]): void {
  const visitors = resource.visitors;
  if (visitors === undefined) return;
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  if (resource.source !== undefined) add('/visitors', `记录来自服务器模块 "${resource.source}" 的资源不能写 visitors`);
  if (!workflow) return;
  visitors.states.forEach((state, index) => {
    if (!Object.hasOwn(workflow.states, state))
      add(`/visitors/states/${index}`, `状态 "${state}" 没有在工作流中定义（已定义：${Object.keys(workflow.states).join('、')}）`);
    else if (workflow.states[state]?.private) add(`/visitors/states/${index}`, `状态 "${state}" 是私有状态（草稿），不能对访客公开`);
  });
}

/** A summary alias names a list that has a summary. */
function checkSummaryAliases(resource: ResourceFile, files: ReadonlyMap<string, unknown>, problems: FolderProblem[]): void {
  (resource.aliases ?? []).forEach((alias, index) => {
    if (alias.action !== 'summary' || alias.list === undefined) return;
    const list = files.get(`lists/${alias.list}${LIST_SUFFIX}`) as { summary?: unknown } | undefined;
    if (list !== undefined && list.summary === undefined)
      problems.push({
        file: RESOURCE_FILE,
        pointer: `/aliases/${index}/list`,
        message: `列表 "${alias.list}" 没有 summary，统计接口（action 为 "summary"）不知道按什么分组`,
      });
  });
}

/** A jurisdiction is a required text field of the engine's own records. */
function checkJurisdiction(resource: ResourceFile, record: unknown, problems: FolderProblem[]): void {
  const jurisdiction = resource.jurisdiction;
  if (jurisdiction === undefined || !isJsonSchema(record)) return;
  if (resource.source !== undefined)
    problems.push({
      file: RESOURCE_FILE,
      pointer: '/jurisdiction',
      message: `记录来自服务器模块 "${resource.source}" 的资源不能写 jurisdiction`,
    });
  if (record.properties?.[jurisdiction.field]?.type !== 'string' || !(record.required ?? []).includes(jurisdiction.field)) {
    problems.push({
      file: RESOURCE_FILE,
      pointer: '/jurisdiction/field',
      message: `"${jurisdiction.field}" 应是 record.schema.json 顶层的必填文本字段（记录所属的单位名称）`,
    });
  }
}

/** A record that founds or joins an organisation names it in a required text field, and reaches a public state of its workflow. */
function checkOrganisation(resource: ResourceFile, record: unknown, workflow: WorkflowFile | undefined, problems: FolderProblem[]): void {
  const organisation = resource.organisation;
  if (organisation === undefined || !isJsonSchema(record)) return;
  const add = (pointer: string, message: string): void => void problems.push({ file: RESOURCE_FILE, pointer, message });
  if (resource.source !== undefined) add('/organisation', `记录来自服务器模块 "${resource.source}" 的资源不能写 organisation`);
  if (organisation.role === 'join' && resource.owner !== 'organisation')
    add(
      '/organisation/role',
      '申请加入单位（role 为 "join"）的资源，owner 应为 "organisation"：记录归属它申请加入的单位，由该单位管理员审核',
    );
  if (organisation.role === 'found' && resource.owner !== 'user')
    add('/organisation/role', '创建单位（role 为 "found"）的资源，owner 应为 "user"：记录归属申请人，通过后申请人成为新单位的管理员');
  if (record.properties?.[organisation.nameField]?.type !== 'string' || !(record.required ?? []).includes(organisation.nameField)) {
    add('/organisation/nameField', `"${organisation.nameField}" 应是 record.schema.json 顶层的必填文本字段（单位全称）`);
  }
  if (workflow && !Object.hasOwn(workflow.states, organisation.state))
    add('/organisation/state', `状态 "${organisation.state}" 没有在工作流中定义（已定义：${Object.keys(workflow.states).join('、')}）`);
  else if (workflow && isPrivateState(workflow, organisation.state))
    add('/organisation/state', `状态 "${organisation.state}" 是私有状态，不能用来创建或加入单位`);
}

/** An organisation administrator decides on records that belong to an organisation, in the engine's own table. */
function checkOrgAdminTransitions(resource: ResourceFile, workflow: WorkflowFile, file: string, problems: FolderProblem[]): void {
  if (resource.owner === 'organisation' && resource.source === undefined) return;
  for (const [name, transition] of Object.entries(workflow.transitions)) {
    if (transition?.actor !== 'orgAdmin') continue;
    problems.push({
      file,
      pointer: `/transitions/${name}/actor`,
      message: `"${name}" 由单位管理员（orgAdmin）操作，只能用在 owner 为 "organisation"、记录由引擎保存（没有 source）的资源中`,
    });
  }
}

/** An addressee's transition needs somebody the record is addressed to. */
function checkAddresseeTransitions(workflow: WorkflowFile, file: string, problems: FolderProblem[]): void {
  for (const [name, transition] of Object.entries(workflow.transitions)) {
    if (transition?.actor !== 'addressee') continue;
    problems.push({
      file,
      pointer: `/transitions/${name}/actor`,
      message: `"${name}" 由受邀人（addressee）操作，资源需要在 resource.json 中写 addressees`,
    });
  }
}
