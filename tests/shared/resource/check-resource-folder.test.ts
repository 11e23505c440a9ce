import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import { checkResourceFolder } from '../../../src/shared/resource/check-resource-folder';
import { labBookingFiles } from './lab-booking-folder';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating parsed fixture JSON

// The application workflow's notices name the applications' list-row fields ({activityTitle}), which this folder's
// records do not have; the shared-workflow checks here are about states and transitions, so it goes without them.
const withoutNotices = Object.fromEntries(
  Object.entries(applicationWorkflow.transitions).map(([name, transition]) => {
    const { notify: _notify, ...rest } = transition as typeof transition & { notify?: unknown };
    return [name, rest];
  }),
);
const shared = new Map<string, unknown>([['application', { ...applicationWorkflow, transitions: withoutNotices }]]);
const problemsAfter = (mutate: (files: Map<string, Json>) => void): string[] => {
  const files = labBookingFiles() as Map<string, Json>;
  mutate(files);
  return checkResourceFolder('lab-booking', files, shared).map((problem) => `${problem.file}#${problem.pointer}: ${problem.message}`);
};

describe('checkResourceFolder', () => {
  it('accepts the fixture folder', () => {
    expect(problemsAfter(() => undefined)).toEqual([]);
  });

  it('accepts unmask granted where a field is masked (SECURITY R35)', () => {
    expect(
      problemsAfter((f) => {
        f.get('record.schema.json')!['properties']['contactPhone']['x-mask'] = 'phone';
        f.get('resource.json')!['grants'] = { reviewer: ['get', 'unmask'] };
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'a name that is not the folder',
      (f: Map<string, Json>) => (f.get('resource.json')!['name'] = 'lab'),
      'resource.json#/name: name "lab" 应与文件夹名 "lab-booking" 相同',
    ],
    ['an unknown key', (f: Map<string, Json>) => (f.get('resource.json')!['owners'] = 'user'), 'resource.json#: 不允许的属性 "owners"'],
    [
      'a record declaring status',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['properties']['status'] = { type: 'string', title: '状态' }),
      'record.schema.json#/properties/status: "status" 由服务器决定（状态、所有者、版本、时间），记录不能声明这个属性',
    ],
    [
      'an Upload that is not a file list',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['properties']['remark']['x-component'] = 'Upload'),
      'record.schema.json#/properties/remark/type: 附件字段（Upload）的 type 应为 "array"',
    ],
    [
      'an Upload without its x-upload',
      (f: Map<string, Json>) => delete f.get('record.schema.json')!['properties']['approvalForm']['x-upload'],
      'record.schema.json#/properties/approvalForm: 附件字段（Upload）缺少 x-upload（允许的类型 accept 和大小上限 maxSize）',
    ],
    [
      'x-upload on a field that is no Upload',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['properties']['remark']['x-upload'] = { accept: ['pdf'], maxSize: 1024 }),
      'record.schema.json#/properties/remark/x-upload: x-upload 只能写在 x-component 为 "Upload" 的字段上',
    ],
    [
      'an Upload in a record a visitor may create',
      (f: Map<string, Json>) => {
        f.get('resource.json')!['anonymousCreate'] = true;
        f.get('record.schema.json')!['properties']['code'] = { type: 'string', title: '验证码', 'x-component': 'Captcha' };
      },
      'record.schema.json#/properties: 访客可新建（anonymousCreate）的资源不能有附件字段（Upload）：上传需要登录',
    ],
    [
      'an Upload in a record without an owner',
      (f: Map<string, Json>) => (f.get('resource.json')!['owner'] = 'none'),
      'record.schema.json#/properties: 没有所有者（owner 为 "none"）的资源不能有附件字段（Upload）：附件要归属于提交人',
    ],
    [
      'anonymous create without a captcha',
      (f: Map<string, Json>) => (f.get('resource.json')!['anonymousCreate'] = true),
      'record.schema.json#/properties: anonymousCreate 为 true 时，记录必须有一个图形验证码字段（"x-component": "Captcha"），以防机器提交',
    ],
    [
      'a transition to an unknown state',
      (f: Map<string, Json>) => (f.get('workflow.json')!['transitions']['approve']['to'] = 'done'),
      'workflow.json#/transitions/approve/to: 状态 "done" 没有在 states 中定义（已定义：draft、submitted、returned、approved、rejected）',
    ],
    [
      'a reviewer transition without a permission',
      (f: Map<string, Json>) => delete f.get('workflow.json')!['transitions']['reject']['permission'],
      'workflow.json#/transitions/reject: 审核人操作 "reject" 缺少 permission（需要的权限动作，如 "update"）',
    ],
    [
      'no workflow at all',
      (f: Map<string, Json>) => f.delete('workflow.json'),
      'workflow.json#: 缺少 workflow.json（记录的状态和流转），或在 resource.json 中用 "workflow" 引用 workflows/ 中的共享工作流',
    ],
    [
      'a column that is no field',
      (f: Map<string, Json>) => (f.get('lists/mine.list.json')!['columns'][1]['field'] = 'device'),
      'lists/mine.list.json#/columns/1/field: 列 "device" 既不是 record.schema.json 的属性，也不是系统字段（可用：subject、instrument、field、hours、contactPhone、remark、approvalForm、status、createdAt、updatedAt、ownerName）',
    ],
    [
      'a sort default outside the allowlist',
      (f: Map<string, Json>) => (f.get('lists/mine.list.json')!['sort']['default']['field'] = 'subject'),
      'lists/mine.list.json#/sort/default/field: 默认排序字段 "subject" 应在 sort.fields 中',
    ],
    [
      'an unknown row action',
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['rowActions'][1] = 'pass'),
      'lists/review.list.json#/rowActions/1: 未知的行操作 "pass"（可用：detail、edit、delete、submit、recall、approve、return、reject）',
    ],
    [
      'a private state in an all list',
      (f: Map<string, Json>) => f.get('lists/review.list.json')!['states'].push('draft'),
      'lists/review.list.json#/states/4: 状态 "draft" 是私有状态（草稿），"all" 列表不会显示它',
    ],
    [
      "a decision between an owner's and a reviewer's transition",
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['aliases'] = [
          { method: 'POST', path: '/lab/audit', action: 'decide', transitions: ['approve', 'recall'] },
        ]),
      'resource.json#/aliases/0/transitions: 可供选择的流转 approve、recall 应由同一类操作人、以同一权限操作',
    ],
    [
      'a decision without its transitions',
      (f: Map<string, Json>) => (f.get('resource.json')!['aliases'] = [{ method: 'POST', path: '/lab/audit', action: 'decide' }]),
      'resource.json#/aliases/0: 审核接口（action 为 "decide"）需要 transitions：可供选择的流转，如 ["approve", "reject"]',
    ],
    [
      'a page naming no list',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/home/lab', page: 'list', list: 'mine2' }]),
      'resource.json#/pages/0/list: 找不到列表 "mine2"（应有 lists/mine2.list.json）',
    ],
    [
      'a list page without its list',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/home/lab', page: 'list' }]),
      'resource.json#/pages/0: 列表页面（page 为 "list"）需要 list：lists 文件夹中的列表名',
    ],
    [
      'a page on a path of the portal',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/login/lab', page: 'new' }]),
      'resource.json#/pages/0/path: /login/lab 是门户自己的页面，不能由资源文件夹占用',
    ],
    [
      'the same page twice',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['pages'] = [
          { path: '/home/lab', page: 'new' },
          { path: '/home/lab', page: 'list', list: 'mine' },
        ]),
      'resource.json#/pages/1/path: 页面 /home/lab 重复',
    ],
    [
      "everyone's list in the account menu",
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['accountMenu'] = { order: 5 }),
      'lists/review.list.json#/accountMenu: 账户菜单只放本人、本单位、所管理单位、发给本人或针对本人记录的列表（scope 为 "mine"、"organisation"、"administered"、"addressed" 或 "targetOwner"）；所有人的列表用 menu 放进科研诚信菜单',
    ],
    [
      'addressees that are no table',
      (f: Map<string, Json>) => (f.get('resource.json')!['addressees'] = { field: 'subject', phoneField: 'phone' }),
      'resource.json#/addressees/field: "subject" 应是 record.schema.json 顶层的表格字段（type 为 "array"，每行是带 properties 的对象）',
    ],
    [
      'an addressee transition without addressees',
      (f: Map<string, Json>) => (f.get('workflow.json')!['transitions']['approve']['actor'] = 'addressee'),
      'workflow.json#/transitions/approve/actor: "approve" 由受邀人（addressee）操作，资源需要在 resource.json 中写 addressees',
    ],
    [
      'an addressed list without addressees',
      (f: Map<string, Json>) => {
        const list = f.get('lists/review.list.json')!;
        list['scope'] = 'addressed';
        delete list['menu'];
      },
      'lists/review.list.json#/scope: "addressed" 列表列出发给当前用户的记录，资源需要在 resource.json 中写 addressees（记录中哪一列是受邀人的手机号）',
    ],
    [
      "a list of the records about one's own without a target",
      (f: Map<string, Json>) => {
        const list = f.get('lists/review.list.json')!;
        list['scope'] = 'targetOwner';
        delete list['menu'];
      },
      'lists/review.list.json#/scope: "targetOwner" 列表列出针对当前用户所拥有记录的记录（如对我的需求发来的对接请求），资源需要在 resource.json 中写 target，且 match 中有一项的 targetField 为 "id"（目标记录的编号）',
    ],
    [
      "a list of the records about one's own whose target is not named by its id",
      (f: Map<string, Json>) => {
        f.get('resource.json')!['target'] = {
          resource: 'credit',
          match: [{ field: 'subject', targetField: 'basisName' }],
          states: ['effective'],
          effects: [],
        };
        Object.assign(f.get('lists/mine.list.json')!, { scope: 'targetOwner' });
      },
      'lists/mine.list.json#/scope: "targetOwner" 列表列出针对当前用户所拥有记录的记录（如对我的需求发来的对接请求），资源需要在 resource.json 中写 target，且 match 中有一项的 targetField 为 "id"（目标记录的编号）',
    ],
    [
      'an organisation administrator in a resource owned by users',
      (f: Map<string, Json>) => (f.get('workflow.json')!['transitions']['approve']['actor'] = 'orgAdmin'),
      'workflow.json#/transitions/approve/actor: "approve" 由单位管理员（orgAdmin）操作，只能用在 owner 为 "organisation"、记录由引擎保存（没有 source）的资源中',
    ],
    [
      'a private state in an organisation list',
      (f: Map<string, Json>) => {
        f.get('resource.json')!['owner'] = 'organisation';
        Object.assign(f.get('lists/review.list.json')!, { scope: 'organisation', states: ['submitted', 'draft'] });
        delete f.get('lists/review.list.json')!['menu'];
      },
      'lists/review.list.json#/states/1: 状态 "draft" 是私有状态（草稿），"organisation" 列表不会显示它',
    ],
    [
      'a joining resource owned by users',
      (f: Map<string, Json>) => (f.get('resource.json')!['organisation'] = { role: 'join', nameField: 'instrument', state: 'approved' }),
      'resource.json#/organisation/role: 申请加入单位（role 为 "join"）的资源，owner 应为 "organisation"：记录归属它申请加入的单位，由该单位管理员审核',
    ],
    [
      'an organisation named by an optional field',
      (f: Map<string, Json>) => (f.get('resource.json')!['organisation'] = { role: 'found', nameField: 'remark', state: 'approved' }),
      'resource.json#/organisation/nameField: "remark" 应是 record.schema.json 顶层的必填文本字段（单位全称）',
    ],
    [
      'an organisation founded in a private state',
      (f: Map<string, Json>) => (f.get('resource.json')!['organisation'] = { role: 'found', nameField: 'subject', state: 'draft' }),
      'resource.json#/organisation/state: 状态 "draft" 是私有状态，不能用来创建或加入单位',
    ],
    [
      'an administered list of records owned by users',
      (f: Map<string, Json>) => {
        f.get('lists/review.list.json')!['scope'] = 'administered';
        delete f.get('lists/review.list.json')!['menu'];
      },
      'lists/review.list.json#/scope: "administered" 列表列出当前用户所管理单位的记录，只能用在 owner 为 "organisation"、记录由引擎保存（没有 source）的资源中',
    ],
    [
      'an administered list without an organisation administrator',
      (f: Map<string, Json>) => {
        f.get('resource.json')!['owner'] = 'organisation';
        f.get('lists/review.list.json')!['scope'] = 'administered';
        delete f.get('lists/review.list.json')!['menu'];
      },
      'lists/review.list.json#/scope: "administered" 列表给单位管理员审核用，工作流中至少要有一个由单位管理员（orgAdmin）操作的流转',
    ],
    [
      "a users' audience on records with owners",
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['audience'] = 'user'),
      'lists/review.list.json#/audience: "audience": "user" 只能用在 scope 为 "all"、owner 为 "none"（记录不属于任何人，如已入驻单位名录）的列表上',
    ],
    [
      'a list for visitors without visitors',
      (f: Map<string, Json>) => Object.assign(f.get('lists/review.list.json')!, { audience: 'public', states: ['approved'] }),
      'lists/review.list.json#/audience: "audience": "public" 需要 resource.json 的 visitors（哪些状态的记录对访客公开）',
    ],
    [
      'a list for visitors showing a state they may not read',
      (f: Map<string, Json>) => {
        f.get('resource.json')!['visitors'] = { states: ['approved'], fields: ['subject', 'remark', 'hours'] };
        Object.assign(f.get('lists/review.list.json')!, { audience: 'public', states: ['approved', 'submitted'] });
      },
      'lists/review.list.json#/states/1: 状态 "submitted" 不在 resource.json 的 visitors.states 中，不能给访客看',
    ],
    [
      'visitors reading drafts',
      (f: Map<string, Json>) => (f.get('resource.json')!['visitors'] = { states: ['draft'], fields: ['subject'] }),
      'resource.json#/visitors/states/0: 状态 "draft" 是私有状态（草稿），不能对访客公开',
    ],
    [
      'a month filter on no date',
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['filters'] = [{ field: 'subject', match: 'month' }]),
      'lists/review.list.json#/filters/0/field: "match": "month" 要用在 record.schema.json 顶层的日期字段（format 为 date）上',
    ],
    [
      'a summary by month of no date',
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['summary'] = { field: 'subject', by: 'month' }),
      'lists/review.list.json#/summary/field: 按月统计（by 为 "month"）要用 record.schema.json 顶层的日期字段（format 为 date）',
    ],
    [
      'a summary alias of a list without a summary',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['aliases'] = [{ method: 'GET', path: '/lab/count', action: 'summary', list: 'review' }]),
      'resource.json#/aliases/0/list: 列表 "review" 没有 summary，统计接口（action 为 "summary"）不知道按什么分组',
    ],
    [
      'interests in no tags field',
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['interests'] = { field: 'subject', resource: 'interest', from: 'tags' }),
      'lists/review.list.json#/interests/field: "subject" 应是 record.schema.json 顶层的字典多选字段（数组，带 x-dict）',
    ],
    [
      'a fixed list condition that is also a filter',
      (f: Map<string, Json>) => (f.get('lists/review.list.json')!['where'] = { field: '01' }),
      'lists/review.list.json#/where/field: "field" 已由 where 固定，不能再作为筛选字段',
    ],
    [
      'a fixed list condition on no field',
      (f: Map<string, Json>) => (f.get('lists/mine.list.json')!['where'] = { device: 'x' }),
      'lists/mine.list.json#/where/device: 不能固定 "device"：where 中的字段应为 record.schema.json 顶层的文本、数字或布尔属性（状态用 states）',
    ],
    [
      'a form page fixing no field',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab/apply', page: 'new', values: { device: 'x' } }]),
      'resource.json#/pages/0/values/device: "device" 不是 record.schema.json 顶层的属性',
    ],
    [
      'a form page whose notes are no notes page',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab/apply', page: 'new', before: '/lab/notes' }]),
      'resource.json#/pages/0/before: /lab/notes 不是本资源文件夹中 page 为 "notes" 的页面',
    ],
    [
      'a notes page without its notes',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab/notes', page: 'notes' }]),
      'resource.json#/pages/0: 须知页面（page 为 "notes"）需要 notes：各段内容和用户同意的文字',
    ],
    [
      'matching without visitors or target',
      (f: Map<string, Json>) => (f.get('resource.json')!['matching'] = { form: 'lab-quiz', conditions: 'remark' }),
      'resource.json#/matching: 规则要对访客公开才能参与匹配：请先声明 visitors',
    ],
    [
      'matching conditions that are no list of conditions',
      (f: Map<string, Json>) => (f.get('resource.json')!['matching'] = { form: 'lab-quiz', conditions: 'remark' }),
      'resource.json#/matching/conditions: "remark" 应是 record.schema.json 顶层的数组字段，每项是一个条件对象',
    ],
    [
      'a matching deadline that is no date',
      (f: Map<string, Json>) => (f.get('resource.json')!['matching'] = { form: 'lab-quiz', conditions: 'remark', deadline: 'subject' }),
      'resource.json#/matching/deadline: "subject" 应是 record.schema.json 顶层的日期字段（format 为 date）',
    ],
    [
      'a questionnaire page without matching',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['pages'] = [{ path: '/lab/quiz', page: 'match', title: '自测', result: '/lab/quiz' }]),
      'resource.json#/pages/0/page: page 为 "match" 的页面需要 resource.json 的 matching（规则匹配）',
    ],
    [
      'a questionnaire page whose result is no result page',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['pages'] = [{ path: '/lab/quiz', page: 'match', title: '自测', result: '/lab/quiz' }]),
      'resource.json#/pages/0/result: /lab/quiz 不是本资源文件夹中 page 为 "matches" 的页面',
    ],
    [
      'a rules page without a title',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab/rules', page: 'rules' }]),
      'resource.json#/pages/0: page 为 "rules" 的页面需要 title（页面标题）',
    ],
    [
      'a matching call by GET that takes answers',
      (f: Map<string, Json>) => (f.get('resource.json')!['aliases'] = [{ method: 'GET', path: '/lab/match', action: 'match' }]),
      'resource.json#/aliases/0/method: "match" 接口应为 POST',
    ],
    [
      'a redirect page leading nowhere',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab', page: 'redirect' }]),
      'resource.json#/pages/0: 跳转页面（page 为 "redirect"）需要 to：跳转到的页面路径',
    ],
    [
      'a map page without its map',
      (f: Map<string, Json>) => (f.get('resource.json')!['pages'] = [{ path: '/lab/map', page: 'map', list: 'review' }]),
      'resource.json#/pages/0: 地图页面（page 为 "map"）需要 map（地图名）、field（区划字段）和 list（地图下方的列表）',
    ],
    [
      'a map page over no dictionary field',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['pages'] = [{ path: '/lab/map', page: 'map', list: 'review', map: 'jiangcheng', field: 'subject' }]),
      'resource.json#/pages/0/field: "subject" 应是 record.schema.json 顶层的字典字段（x-dict），它的取值是地图上的区划',
    ],
    [
      'a map page whose list does not count by its field',
      (f: Map<string, Json>) =>
        (f.get('resource.json')!['pages'] = [{ path: '/lab/map', page: 'map', list: 'review', map: 'jiangcheng', field: 'field' }]),
      'resource.json#/pages/0/list: 列表 "review" 应按 "field" 统计（summary: { "field": "field", "by": "value" }），地图按它给各区着色',
    ],
    [
      'a masked field that is no top-level text',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['properties']['hours']['x-mask'] = 'phone'),
      'record.schema.json#/properties/hours/x-mask: x-mask 只能写在记录顶层的文本（string）字段或顶层表格的文本列上',
    ],
    [
      'a sealed-only field that is no top-level text (ADR 0072)',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['properties']['hours']['x-personal'] = 'phone'),
      'record.schema.json#/properties/hours/x-personal: x-personal 只能写在记录顶层的文本（string）字段或顶层表格的文本列上',
    ],
    [
      'x-personal beside x-mask, which already seals (ADR 0072)',
      (f: Map<string, Json>) =>
        Object.assign(f.get('record.schema.json')!['properties']['contactPhone'], { 'x-mask': 'phone', 'x-personal': 'phone' }),
      'record.schema.json#/properties/contactPhone/x-personal: x-mask 已表示加密存储：同一字段只写 x-mask（打码并加密）或 x-personal（只加密）之一',
    ],
    [
      'a record schema retired as a form is (ADR 0055)',
      (f: Map<string, Json>) => (f.get('record.schema.json')!['x-retired'] = true),
      'record.schema.json#/x-retired: 记录 schema 不能写 x-retired：停用记录类型请在 resource.json 中写 "retired": true',
    ],
    [
      'unmask granted where no field is masked',
      (f: Map<string, Json>) => (f.get('resource.json')!['grants'] = { reviewer: ['get', 'unmask'] }),
      'resource.json#/grants/reviewer: unmask（查看完整信息）只能授予记录有 x-mask 字段、记录由引擎保存（没有 source）的资源',
    ],
    [
      'creating behind a permission and open to visitors',
      (f: Map<string, Json>) => Object.assign(f.get('resource.json')!, { createAction: 'add', anonymousCreate: true }),
      'resource.json#/createAction: 新建需要权限（createAction）的资源不能同时允许访客新建（anonymousCreate）',
    ],
    [
      'an import alias without import',
      (f: Map<string, Json>) => (f.get('resource.json')!['aliases'][0] = { method: 'POST', path: '/lab/import-excel', action: 'import' }),
      `resource.json#/aliases/0/action: 导入接口（action 为 "import"）需要在 resource.json 中声明 import`,
    ],
    [
      'an import into a state the workflow lacks',
      (f: Map<string, Json>) => (f.get('resource.json')!['import'] = { state: 'active' }),
      'resource.json#/import/state: 状态 "active" 没有在工作流中定义（已定义：draft、submitted、returned、approved、rejected）',
    ],
    [
      'an alias naming no list',
      (f: Map<string, Json>) => (f.get('resource.json')!['aliases'][1]['list'] = 'mine2'),
      'resource.json#/aliases/1/list: 找不到列表 "mine2"（应有 lists/mine2.list.json）',
    ],
    [
      'search without visitors',
      (f: Map<string, Json>) => (f.get('resource.json')!['search'] = { title: 'subject', text: ['remark'], href: '/lab?id={id}' }),
      'resource.json#/search: 只有对访客公开（visitors）的记录才能被门户搜索到：请先声明 visitors',
    ],
    [
      'a search title that is no text field',
      (f: Map<string, Json>) =>
        Object.assign(f.get('resource.json')!, {
          visitors: { states: ['approved'], fields: ['subject', 'remark', 'hours'] },
          search: { title: 'hours', text: ['remark'], href: '/lab?id={id}' },
        }),
      'resource.json#/search/title: "hours" 应是 record.schema.json 顶层的文本字段（搜索结果的标题）',
    ],
    [
      'a search date that is no date',
      (f: Map<string, Json>) =>
        Object.assign(f.get('resource.json')!, {
          visitors: { states: ['approved'], fields: ['subject', 'remark', 'hours'] },
          search: { title: 'subject', text: ['remark'], date: 'subject', href: '/lab?id={id}' },
        }),
      'resource.json#/search/date: "subject" 应是 record.schema.json 顶层的日期字段（format 为 date）',
    ],
    [
      'a search link without the id',
      (f: Map<string, Json>) =>
        Object.assign(f.get('resource.json')!, {
          visitors: { states: ['approved'], fields: ['subject', 'remark', 'hours'] },
          search: { title: 'subject', text: ['remark'], href: '/lab/detail' },
        }),
      'resource.json#/search/href: 链接应以 / 开头并含 {id}（记录编号），如 /home/articles/detail?id={id}',
    ],
    [
      'a masked field in the portal search',
      (f: Map<string, Json>) => {
        f.get('record.schema.json')!['properties']['remark']['x-mask'] = 'phone';
        Object.assign(f.get('resource.json')!, {
          visitors: { states: ['approved'], fields: ['subject', 'remark', 'hours'] },
          search: { title: 'subject', text: ['remark'], href: '/lab/detail?id={id}' },
        });
      },
      'resource.json#/search/text/0: "remark" 带有 x-mask（个人号码），不能进入门户搜索：搜索索引和结果摘要会原样显示它',
    ],
    [
      'a stray file',
      (f: Map<string, Json>) => f.set('lists/mine.json', {}),
      'lists/mine.json#: 不认识的文件：资源文件夹只放 resource.json、record.schema.json、workflow.json 和 lists/<列表名>.list.json（列表名用小写字母、数字和连字符）',
    ],
  ])('names %s with its file and pointer', (_name, mutate, message) => {
    expect(problemsAfter(mutate)).toContain(message);
  });

  it('uses a shared workflow named in resource.json, and refuses having both', () => {
    expect(
      problemsAfter((f) => {
        f.delete('workflow.json');
        f.get('resource.json')!['workflow'] = 'application';
        f.get('lists/mine.list.json')!['rowActions'] = ['detail', 'submit', 'withdraw'];
        f.get('lists/review.list.json')!['rowActions'] = ['detail', 'approve'];
        f.get('resource.json')!['aliases'] = [];
      }),
    ).toEqual([]);
    expect(problemsAfter((f) => (f.get('resource.json')!['workflow'] = 'application'))).toContain(
      'workflow.json#: resource.json 已引用共享工作流 "application"，文件夹中不应再有 workflow.json',
    );
  });
});
