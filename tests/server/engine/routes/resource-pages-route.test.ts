import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePages } from '../../../../src/shared/generated/resource-pages';
import { formatUnitProblem } from '../../../../src/server/engine/units/schema-unit-error';
import { loadResourceRegistry } from '../../../../src/server/engine/units/resource-registry';
import { scratchSchemas, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The problems of the folders the registry left out, as schemas:check prints them. */
async function skippedProblems(dir: string): Promise<string> {
  return (await loadResourceRegistry(dir))
    .skipped()
    .flatMap((unit) => unit.problems.map(formatUnitProblem))
    .join('\n');
}

describe('GET /api/resources/pages', () => {
  it("tells a visitor the folders' pages at the spec's paths and the account menu in its order", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/resources/pages' });
    expect(response.statusCode).toBe(200);
    const { pages, accountMenu } = response.json<Envelope<ResourcePages>>().data;
    expect(pages).toEqual(
      expect.arrayContaining([
        { path: '/home/publish', resource: 'need', page: 'new', title: '发布需求', titleEn: 'Publish a need', submitMode: 'submit' },
        { path: '/activitiesFormList', resource: 'application', page: 'list', list: 'mine' },
        // Spec §2's two form pages (issue 12), the message board hidden on both.
        { path: '/home/policy-advice-form', resource: 'policy-advice', page: 'new', title: '政策咨询', titleEn: 'Policy enquiry' },
        { path: '/home/quote-form-demo', resource: 'quote', page: 'new', title: '询价单', titleEn: 'Quote request' },
      ]),
    );
    expect(accountMenu.map((entry) => entry.title)).toEqual([
      '业务管理',
      '我的申报',
      '我的需求',
      '收到的对接',
      '我的对接',
      '我的邀请',
      '收到的邀请',
      '我的留言',
      '我的政策咨询',
      '我的询价单',
      '我的收藏',
      '入驻申请',
      '我的单位',
      '单位成员审核',
      '我的认证',
      '我的融资',
      '我的投资',
      '我的贷款',
      '我的信用修复',
      '信用修复单位审核',
    ]);
    expect(accountMenu.map((entry) => entry.titleEn)).toEqual([
      'My business',
      'My applications',
      'My needs',
      'Contact requests to me',
      'My contact requests',
      'My invitations',
      'Invitations to me',
      'My messages',
      'My policy enquiries',
      'My quote requests',
      'My collection',
      'Settle-in',
      'My organisations',
      'Membership review',
      'My verification',
      'My equity financing',
      'My investor registrations',
      'My loans',
      'My credit repairs',
      'Credit repairs to review',
    ]);
    // The administered list is offered only to a unit's administrators (user info orgAdmin).
    expect(accountMenu.filter((entry) => entry.administered).map((entry) => entry.list)).toEqual(['members', 'unit']);
    // A list with a page of its own links there; the others to the engine's list page.
    expect(accountMenu[1]?.href).toBe('/activitiesFormList');
    expect(accountMenu[2]?.href).toBe('/resources/need/lists/mine');
  });

  it("gives the venue's sign-in form its button's word and the event it is for (issue 30 item 9)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/resources/pages' });
    const sign = response.json<Envelope<ResourcePages>>().data.pages.find((page) => page.path === '/mobile/sign');
    expect(sign).toMatchObject({
      page: 'new',
      query: ['eventId'],
      submit: '签到',
      submitEn: 'Sign in',
      about: {
        resource: 'event',
        field: 'title',
        query: 'eventId',
        title: '科技活动',
        titleEn: 'Events',
        missing: '没有找到这个活动，请重新扫描活动现场的签到二维码',
        missingEn: 'There is no such event; please scan the sign-in QR code at the venue again',
      },
    });
  });

  it("sends an event's 我要报名 with the sign-up folder's window, and a link naming no folder without one (issue 30 item 5)", async () => {
    const { pages } = (await t.app.inject({ method: 'GET', url: '/api/resources/pages' })).json<Envelope<ResourcePages>>().data;
    expect(pages.find((page) => page.path === '/home/event/detail')?.links).toEqual([
      {
        title: '我要报名',
        titleEn: 'Sign up',
        href: '/home/event/sign?eventId={id}',
        window: { to: 'startsAt', message: '活动已经开始，报名已截止', messageEn: 'The event has started; sign-up is closed' },
      },
    ]);
    expect(pages.find((page) => page.path === '/mobile/sign/success')?.links).toEqual([
      { title: '查看活动信息', titleEn: 'About the event', href: '/mobile/active_info?id={eventId}' },
    ]);
  });
});

describe('forms that say what they do (issue 31 item 6)', () => {
  it("gives each form page its folder's submitMode, and the product's 申请融资 the values it carries into the loan form", async () => {
    const { pages } = (await t.app.inject({ method: 'GET', url: '/api/resources/pages' })).json<Envelope<ResourcePages>>().data;
    const modeOf = (path: string): string | undefined => pages.find((page) => page.path === path)?.submitMode;
    expect(modeOf('/home/publish')).toBe('submit');
    expect(modeOf('/mobile/sign')).toBe('submit');
    expect(modeOf('/home/financing/financial_supermarket_apply')).toBe('draft');
    expect(modeOf('/home/financing/equity_apply')).toBe('draft');
    // Only form pages say how they send.
    expect(modeOf('/home/financing/application_notes')).toBeUndefined();
    expect(pages.find((page) => page.path === '/home/financing/detail')?.links).toEqual([
      {
        title: '申请融资',
        titleEn: 'Apply for financing',
        href: '/home/financing/financial_supermarket_apply',
        values: [
          { name: 'productName', field: 'name', fixed: true },
          { name: 'lender', field: 'institution', fixed: true },
        ],
      },
    ]);
  });

  it('tells the generic form of check-in, invite, financing and enterprise-auth to keep drafts, and a folder that says nothing nothing', async () => {
    const modeOf = async (resource: string): Promise<string | undefined> =>
      (await t.app.inject({ method: 'GET', url: `/api/resources/${resource}/definition` })).json<Envelope<{ submitMode?: string }>>().data
        .submitMode;
    expect(await modeOf('check-in')).toBe('draft');
    expect(await modeOf('invite')).toBe('draft');
    expect(await modeOf('financing')).toBe('draft');
    expect(await modeOf('enterprise-auth')).toBe('draft');
    expect(await modeOf('need')).toBe('submit');
    expect(await modeOf('event-signup')).toBe('submit');
    expect(await modeOf('event')).toBeUndefined();
  });
});

describe('pages across resource folders', () => {
  it('leaves out the second folder that places a page at the same path, naming why', async () => {
    const schemas = await scratchSchemas();
    try {
      const file = join(schemas.dir, 'resources/invite/resource.json');
      const resource = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...resource, pages: [{ path: '/home/publish', page: 'new' }] }));
      expect(await skippedProblems(schemas.dir)).toContain(
        'resources/need/resource.json#/pages/0/path: 页面 /home/publish 已由资源 "invite" 使用',
      );
    } finally {
      await schemas.dispose();
    }
  });
});

describe('matching folders', () => {
  it("places policy-rule's matching pages, each with what it links to", async () => {
    const { pages } = (await t.app.inject({ method: 'GET', url: '/api/resources/pages' })).json<Envelope<ResourcePages>>().data;
    const matching = pages.filter((page) => page.resource === 'policy-rule');
    expect(matching.map((page) => `${page.page} ${page.path}`)).toEqual([
      'hub /home/findproxy',
      'match /home/findproxy/self-test',
      'matches /home/findproxy/self-assessment',
      'rule /home/findproxy/lookDetail',
      'rule /home/findproxy/moreListDetail',
      'rules /home/findproxy/moreList',
      'rules /home/findproxy/moreProxy',
    ]);
    expect(matching[1]).toMatchObject({
      questionnaire: 'self-test',
      result: '/home/findproxy/self-assessment',
      titleEn: 'Policy self-test',
    });
    expect(matching[0]?.entries?.map((entry) => entry.titleEn)).toEqual([
      'Policy self-test',
      'Policies at a glance',
      'Science and innovation policies',
      'Policies open now',
    ]);
    expect(matching[6]).toMatchObject({
      open: true,
      detail: '/home/findproxy/lookDetail',
      introEn: 'Policies whose applications have not closed.',
    });
  });

  it('leaves out a folder whose questionnaire is no form, naming why', async () => {
    const schemas = await scratchSchemas();
    try {
      const file = join(schemas.dir, 'resources/policy-rule/resource.json');
      const resource = JSON.parse(await readFile(file, 'utf8')) as { matching: Record<string, unknown> };
      await writeFile(file, JSON.stringify({ ...resource, matching: { ...resource.matching, form: 'company-quiz' } }));
      expect(await skippedProblems(schemas.dir)).toContain(
        'resources/policy-rule/resource.json#/matching/form: 找不到问卷表单 "company-quiz"（应有 forms/company-quiz.schema.json）',
      );
    } finally {
      await schemas.dispose();
    }
  });
});

describe('suggestions across resource folders', () => {
  it('leaves out a folder whose field suggests from a list that is missing or does not filter by it', async () => {
    const schemas = await scratchSchemas();
    try {
      const file = join(schemas.dir, 'resources/user-org/record.schema.json');
      const record = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, Record<string, unknown>> };
      record.properties['orgName']!['x-suggest'] = { resource: 'organisation', list: 'everyone', field: 'orgName' };
      await writeFile(file, JSON.stringify(record));
      expect(await skippedProblems(schemas.dir)).toContain(
        'resources/user-org/record.schema.json#/properties/orgName/x-suggest: 没有资源 "organisation" 的列表 "everyone"',
      );
      record.properties['orgName']!['x-suggest'] = { resource: 'organisation', list: 'directory', field: 'members' };
      await writeFile(file, JSON.stringify(record));
      expect(await skippedProblems(schemas.dir)).toContain('列表 "organisation/directory" 没有按 "members" 筛选，无法给出提示');
    } finally {
      await schemas.dispose();
    }
  });
});
