import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-'));
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('schemas:check', () => {
  it('passes on the shipped schemas', async () => {
    expect(await checkSchemaTree(DEFAULT_SCHEMAS_DIR)).toEqual([]);
  });

  it('names the file and pointer of each problem', async () => {
    await writeFile(path.join(dir, 'forms/broken.schema.json'), '{ "title": ');
    await writeFile(
      path.join(dir, 'forms/poll.schema.json'),
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'https://schemas.kechuang.local/forms/poll.schema.json',
        title: '调查',
        type: 'object',
        properties: { choice: { type: 'string', 'x-dict': 'no_such_dict' } },
      }),
    );
    await writeFile(path.join(dir, 'dicts/colour.json'), JSON.stringify({ code: 'color', name: '颜色', items: [] }));
    const lines = (await checkSchemaTree(dir)).map(formatProblem);
    expect(lines.filter((line) => /^forms\/broken\.schema\.json#: 不是合法的 JSON/.test(line))).toHaveLength(1);
    expect(lines).toContain('dicts/colour.json#/items: 至少需要 1 项');
    expect(lines).toContain(
      'forms/poll.schema.json#/properties/choice/x-dict: x-dict 引用的字典 "no_such_dict" 不存在（应有 dicts/no_such_dict.json）',
    );
  });

  /** A new activity folder with only its manifest, as a content administrator starts one. */
  async function writeManifest(changes: { window?: Record<string, string>; step?: Record<string, string> }): Promise<void> {
    const folder = path.join(dir, 'activities/tech-voucher');
    await mkdir(folder, { recursive: true });
    const manifest = {
      id: 'tech-voucher',
      title: '科技创新券申领',
      summary: '中小企业购买科技服务的创新券。',
      window: { opensAt: '2026-11-01T00:00:00+08:00', closesAt: '2026-12-31T23:59:59+08:00', ...changes.window },
      steps: [{ key: 'company', title: '企业信息', schema: 'company.schema.json', ...changes.step }],
    };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
  }

  it('checks a new activity folder and names the file and pointer of a broken manifest', async () => {
    await writeManifest({ window: { closesAt: '2026-12-31' }, step: { route: 'companyinfo' } });
    const lines = (await checkSchemaTree(dir)).map(formatProblem);
    expect(lines).toEqual([
      'activities/tech-voucher/manifest.json#/window/closesAt: 不符合 date-time 格式',
      expect.stringMatching(
        /^activities\/tech-voucher\/manifest\.json#\/steps\/0\/route: 取值应为以下之一："companyIndustryForm"、"companyInfo"/,
      ) as string,
    ]);
  });

  it('accepts x-unique on a string column of a table and still refuses it deeper in a row', async () => {
    // The server tests' activity whose project table has an x-unique name column.
    const folder = path.join(dir, 'activities/project-roster');
    await cp(path.resolve(import.meta.dirname, '../fixtures/activities/project-roster'), folder, { recursive: true });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);

    const file = path.join(folder, 'projects.schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8')) as {
      properties: { projects: { items: { properties: Record<string, unknown> } } };
    };
    schema.properties.projects.items.properties['team'] = {
      type: 'array',
      title: '成员',
      'x-component': 'ArrayTable',
      items: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', 'x-unique': true } } },
    };
    await writeFile(file, JSON.stringify(schema));
    expect((await checkSchemaTree(dir)).map(formatProblem)).toContain(
      'activities/project-roster/projects.schema.json#/properties/projects/items/properties/team/items/properties/name/x-unique: x-unique 只能写在步骤顶层的文本（string）字段或顶层表格每行的文本字段上',
    );
  });

  it('names a step file that the manifest references but the folder lacks', async () => {
    await writeManifest({});
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'activities/tech-voucher/manifest.json#/steps/0/schema: 找不到步骤文件 "company.schema.json"（应与 manifest.json 放在同一文件夹）',
    ]);
  });

  /** Rewrites one JSON file of the copied tree. */
  async function editJson(file: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
    const value = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    edit(value);
    await writeFile(path.join(dir, file), JSON.stringify(value));
  }

  it('compares resource folders with each other as the server does at start: a target naming a missing folder fails', async () => {
    await editJson(
      'resources/event-sign/resource.json',
      (resource) => ((resource['target'] as Record<string, unknown>)['resource'] = 'no-such-event'),
    );
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'resources/event-sign/resource.json#/target/resource: 目标文件夹 "no-such-event" 不存在（应有 resources/no-such-event/，且它本身没有错误）',
    ]);
  });

  it('refuses a folder whose target has mistakes of its own, and a questionnaire form that is missing', async () => {
    await editJson('resources/event/resource.json', (resource) => (resource['permission'] = 'Not An Id'));
    await editJson(
      'resources/policy-rule/resource.json',
      (resource) => ((resource['matching'] as Record<string, unknown>)['form'] = 'company-quiz'),
    );
    const lines = (await checkSchemaTree(dir)).map(formatProblem);
    expect(lines.some((line) => line.startsWith('resources/event/resource.json#/permission: '))).toBe(true);
    expect(lines).toContain(
      'resources/event-sign/resource.json#/target/resource: 目标文件夹 "event" 不存在（应有 resources/event/，且它本身没有错误）',
    );
    expect(lines).toContain(
      'resources/policy-rule/resource.json#/matching/form: 找不到问卷表单 "company-quiz"（应有 forms/company-quiz.schema.json）',
    );
  });
  it("checks a target's places: an integer field of the target, and states of the folder's own workflow", async () => {
    await editJson('resources/event-signup/resource.json', (resource) => {
      (resource['target'] as Record<string, unknown>)['capacity'] = {
        field: 'title',
        states: ['received', 'withdrawn'],
        message: '名额已满',
      };
    });
    const lines = (await checkSchemaTree(dir)).map(formatProblem);
    expect(lines.slice(0, 2)).toEqual([
      'resources/event-signup/resource.json#/target/capacity/field: "title" 应是资源 "event" 记录顶层的整数字段（type 为 integer），即名额',
      'resources/event-signup/resource.json#/target/capacity/states/1: 状态 "withdrawn" 没有在工作流中定义',
    ]);
    // The event's 我要报名 names the folder left out, so the event goes too, and its sign-in with it.
    expect(lines.slice(2)).toEqual([
      'resources/event/resource.json#/pages/1/links/0/resource: 资源文件夹 "event-signup" 不存在（应有 resources/event-signup/，且它本身没有错误）',
      'resources/event-sign/resource.json#/target/resource: 目标文件夹 "event" 不存在（应有 resources/event/，且它本身没有错误）',
    ]);
  });

  it("checks a detail link's resource: a folder targeting this one, with a window whose fields visitors are sent", async () => {
    type Page = Record<string, unknown>;
    const signUpLink = (resource: Record<string, unknown>): Page =>
      (((resource['pages'] as Page[])[1]?.['links'] as Page[] | undefined) ?? [])[0] ?? {};
    const first = async (): Promise<string | undefined> => (await checkSchemaTree(dir)).map(formatProblem)[0];
    const at = 'resources/event/resource.json#/pages/1/links/0/resource';
    await editJson('resources/event/resource.json', (resource) => (signUpLink(resource)['resource'] = 'event-signups'));
    expect(await first()).toBe(`${at}: 资源文件夹 "event-signups" 不存在（应有 resources/event-signups/，且它本身没有错误）`);
    await editJson('resources/event/resource.json', (resource) => (signUpLink(resource)['resource'] = 'credit-fix'));
    expect(await first()).toBe(`${at}: 资源 "credit-fix" 的 target 不是本资源 "event"：链接按它的 target.window 判断能否使用`);
    await editJson('resources/event/resource.json', (resource) => (signUpLink(resource)['resource'] = 'event-signup'));
    await editJson('resources/event-signup/resource.json', (resource) => delete (resource['target'] as Record<string, unknown>)['window']);
    expect(await first()).toBe(`${at}: 资源 "event-signup" 的 target 没有 window（开放时间）`);
    // A window closing on a time visitors are not sent: a visitor's detail could not judge it.
    await editJson('resources/event/record.schema.json', (record) => {
      (record['properties'] as Record<string, unknown>)['signInClosesAt'] = { type: 'string', format: 'date-time', title: '签到截止' };
    });
    await editJson('resources/event-sign/resource.json', (resource) => {
      (resource['target'] as { window: Record<string, unknown> }).window['to'] = 'signInClosesAt';
    });
    await editJson('resources/event/resource.json', (resource) => (signUpLink(resource)['resource'] = 'event-sign'));
    expect(await first()).toBe(`${at}: 访客也看这个详情页：开放时间的字段 "signInClosesAt" 应列在 visitors.fields 中`);
    // A done page has no record to judge a window on.
    await cp(path.join(DEFAULT_SCHEMAS_DIR, 'resources/event/resource.json'), path.join(dir, 'resources/event/resource.json'));
    await editJson('resources/event-sign/resource.json', (resource) => {
      ((resource['pages'] as Page[])[1]?.['links'] as Page[])[0]!['resource'] = 'event-sign';
    });
    expect(await first()).toBe(
      'resources/event-sign/resource.json#/pages/1/links/0/resource: 只有 page 为 "detail" 的页面的链接才写 resource（按记录的开放时间判断能否使用）',
    );
  });

  it("checks a form page's about against its target: the id in the query, a field of the target that visitors may read", async () => {
    type Page = Record<string, unknown>;
    const signPage = (resource: Record<string, unknown>): Page => (resource['pages'] as Page[])[0] ?? {};
    await editJson('resources/event-sign/resource.json', (resource) => (signPage(resource)['about'] = 'contactEmail'));
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'resources/event-sign/resource.json#/pages/0/about: "contactEmail" 不是资源 "event" 记录顶层的属性',
    ]);
    // Visitors sign in too: a field the event keeps from visitors cannot be shown to them.
    await editJson('resources/event-sign/resource.json', (resource) => (signPage(resource)['about'] = 'signCode'));
    await editJson('resources/event/record.schema.json', (record) => {
      (record['properties'] as Record<string, unknown>)['signCode'] = { type: 'string', title: '签到口令', maxLength: 8 };
    });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'resources/event-sign/resource.json#/pages/0/about: 访客也填写这个表单：about 的字段 "signCode" 应列在资源 "event" 的 visitors.fields 中',
    ]);
    await editJson('resources/event-sign/resource.json', (resource) => {
      signPage(resource)['about'] = 'title';
      delete signPage(resource)['query'];
      (resource['pages'] as Page[])[1] = { ...(resource['pages'] as Page[])[1], submit: '完成' };
    });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'resources/event-sign/resource.json#/pages/0/about: about 需要页面从地址取得目标记录的编号：query 中应有 target.match 里 targetField 为 "id" 的字段（如 "eventId"）',
      'resources/event-sign/resource.json#/pages/1/submit: 只有 page 为 "new" 的表单页面才写 submit',
    ]);
  });

  it('checks the site navigation against the pages the folders place and the permissions that exist (issue 30)', async () => {
    await editJson('site/navigation.json', (navigation) => {
      const menu = navigation['menu'] as Record<string, unknown>[];
      menu.push({ title: '需求地图', path: '/home/needs' });
      menu.push({ title: '我的融资', path: '/home/resources/financing/lists/mine' });
      menu.push({ title: '表单设计', path: '/content/studio', permission: 'schemaStudio.publish' });
      (navigation['footer'] as { children: Record<string, unknown>[] }[])[0]?.children.push({ title: '登录', path: '/user/login' });
    });
    // A page of a folder is a page: once the folder is gone, the entry leads nowhere.
    await rm(path.join(dir, 'resources/quote'), { recursive: true });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'site/navigation.json#/menu/3/children/3/path: 没有页面 /home/quote-form-demo：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）',
      'site/navigation.json#/menu/7/path: 没有页面 /home/needs：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）',
      'site/navigation.json#/menu/8/path: 没有页面 /home/resources/financing/lists/mine：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）',
      'site/navigation.json#/menu/9/permission: 权限 "schemaStudio.publish" 不存在：应为 <权限标识>.<操作>，如 schemaStudio.query',
      'site/navigation.json#/tiles/15/path: 没有页面 /home/quote-form-demo：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）',
      'site/navigation.json#/footer/0/children/5/audience: 页面 /user/login 只给未登录的访客（登录、注册）：请把 audience 设为 "visitor"',
    ]);
  });

  it('refuses a navigation entry that is both a link and a group, or that shows visitors a page needing login', async () => {
    await editJson('site/navigation.json', (navigation) => {
      const menu = navigation['menu'] as Record<string, unknown>[];
      menu.push({ title: '两者都是', path: '/home', children: [{ title: '首页', path: '/home' }] });
      menu.push({ title: '个人中心', path: '/account/center' });
    });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'site/navigation.json#/menu/7: 菜单项要么有 path（一个链接），要么有 children（一组链接），二者必须有一个，也只能有一个',
      'site/navigation.json#/menu/8/audience: 页面 /account/center 需要登录，访客点开会被送回首页：请把 audience 设为 "user"，或给出 permission',
    ]);
    await editJson('site/navigation.json', (navigation) => {
      (navigation['menu'] as unknown[]).splice(7, 1);
    });
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      'site/navigation.json#/menu/7/audience: 页面 /account/center 需要登录，访客点开会被送回首页：请把 audience 设为 "user"，或给出 permission',
    ]);
  });

  it('checks each dashboard against the folders and lists it counts through (issue 31 item 3)', async () => {
    await editJson('dashboards/commission.dashboard.json', (dashboard) => {
      const widgets = dashboard['widgets'] as Record<string, unknown>[];
      widgets[0] = { ...widgets[0], resource: 'no-such-folder' };
      widgets[1] = { ...widgets[1], list: 'nope' };
      widgets[2] = { ...widgets[2], by: 'activityTitle' };
      widgets[3] = { ...widgets[3], date: 'activityTitle', limit: 5 };
      widgets[4] = { ...widgets[4], measure: { sum: ['company'] } };
      widgets[5] = { ...widgets[5], states: ['draft'] };
      widgets[6] = { ...widgets[6], by: 'noSuchField' };
      widgets[7] = { ...widgets[7], id: 'credit-by-severity' };
    });
    await writeFile(path.join(dir, 'dashboards/Bad.dashboard.json'), '{}');
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([
      expect.stringMatching(/^dashboards\/Bad\.dashboard\.json#: 不认识的文件位置或文件名/),
      'dashboards/commission.dashboard.json#/widgets/0/resource: 没有资源文件夹 "no-such-folder"（应有 resources/no-such-folder/，且它本身检查通过）',
      'dashboards/commission.dashboard.json#/widgets/1/list: 资源 "application" 没有列表 "nope"（已有：mine、review）',
      'dashboards/commission.dashboard.json#/widgets/2/by: 分类统计的字段 "activityTitle" 应是字典字段（有 x-dict，标签取自字典），或 status；其他文本字段请用 top',
      'dashboards/commission.dashboard.json#/widgets/3/limit: trend 组件不使用 limit（limit 只用于 top）',
      'dashboards/commission.dashboard.json#/widgets/3/date: 按时间统计的字段 "activityTitle" 应是记录的日期字段（format date 或 date-time），或 createdAt、updatedAt',
      'dashboards/commission.dashboard.json#/widgets/4/measure/sum/0: 求和的字段 "company" 应是记录的数字字段（type number 或 integer）',
      'dashboards/commission.dashboard.json#/widgets/5/states/0: 列表 "review" 不显示状态 "draft"：组件只能缩小列表的范围（可选：pending、returned、approved、rejected）',
      'dashboards/commission.dashboard.json#/widgets/6/by: 记录没有字段 "noSuchField"',
      'dashboards/commission.dashboard.json#/widgets/7/id: 组件名 "credit-by-severity" 重复：每个组件的 id 在看板中唯一',
    ]);
  });
});
