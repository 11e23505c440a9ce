import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe-check';
import {
  confirmDialog,
  DEMO_PASSWORD,
  expect,
  expectMenuLinks,
  loginThroughApi,
  openFromMenu,
  postLogin,
  test,
  tokenCache,
} from './fixtures';
import { putSession, putUnitSession } from './session-helpers';

/**
 * 科研诚信 > 用户管理 (schemas/resources/sys-user; spec §6, §8, SECURITY R03, R11, R19): the system
 * administrator gives 陈静 the reviewer role and she sees 审核管理; the security administrator (三权分立,
 * ADR 0068) locks and unlocks 王强 (integrity), whose open session the lock ends; freezes 陈静, who logs in
 * again and meets 您的账号已被冻结 with 立即解冻 leading to how to get unfrozen; ends 王强's sessions with 结束会话. Each account is as it was at the
 * end, but for its sessions: a lock, a freeze, a role change and 结束会话 end them (ADR 0063), so a
 * token is taken again after each.
 */
// Each test walks several pages and two sessions; 30 s is too tight on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const tokenOf = tokenCache();

async function pageFor(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  await putUnitSession(page, token);
  await page.goto('/home');
  return page;
}

async function openUserRow(admin: Page, username: string) {
  await openFromMenu(admin, '科研诚信', '用户管理');
  await expect(admin.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await admin.locator('.kc-list-filters').getByLabel('用户名').fill(username);
  await admin.locator('.kc-list-filters').getByRole('button', { name: '查询' }).click();
  const row = admin.locator('.kc-schema-list tbody tr', { hasText: username });
  await expect(row).toHaveCount(1);
  return row;
}

async function act(admin: Page, row: ReturnType<Page['locator']>, name: string, note?: string): Promise<void> {
  await row.getByRole('button', { name, exact: true }).click();
  if (note !== undefined) await admin.locator('.ant-modal').locator('textarea').fill(note);
  await confirmDialog(admin, name);
}

/** What the server says to a request on this token now: 200 while its session lives, 401 once it has ended. */
async function sessionStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/integrity/app/user/settings/info', { headers: { authorization: `Bearer ${token}` } });
  return response.status();
}

async function loginStatus(request: APIRequestContext, username: string): Promise<number> {
  return (await postLogin(request, { username, password: DEMO_PASSWORD })).status();
}

test('the administrator gives 陈静 the reviewer role, and she then sees 审核管理', async ({ browser, request }) => {
  const admin = await pageFor(browser, await tokenOf(request, 'admin'));
  // No 操作日志 nor its credit and repair views: the log is the audit administrator's (ADR 0068).
  await expectMenuLinks(admin, '科研诚信', [
    '信用信息',
    '信用修复审核',
    '审核管理',
    '需求审核',
    '询价处理',
    '邀请函审核',
    '留言回复',
    '入驻审核',
    '企业认证审核',
    '融资审核',
    '用户管理',
    '角色管理',
    '消息投递',
  ]);
  const row = await openUserRow(admin, 'unitadmin');
  await expect(row).toContainText('陈静');
  await expect(row).toContainText('138****0005');
  await expectNoSeriousA11yViolations(admin, 'the user list');
  await act(admin, row, '授予审核人');
  await expect(row.locator('td').nth(4)).toHaveText('申报人、审核人');

  // The account's detail lists the change, with who made it.
  await row.getByRole('link', { name: '查看' }).click();
  await expect(admin).toHaveURL(/\/resources\/sys-user\/detail\?id=/);
  await expect(admin.locator('.kc-record-history')).toContainText('授予审核人');
  await expect(admin.locator('.kc-record-history')).toContainText('系统管理员');
  await expectNoSeriousA11yViolations(admin, "a user's detail");

  const unitadmin = await pageFor(browser, await tokenOf(request, 'unitadmin'));
  await expectMenuLinks(unitadmin, '科研诚信', [
    '审核管理',
    '需求审核',
    '询价处理',
    '邀请函审核',
    '留言回复',
    '入驻审核',
    '企业认证审核',
    '融资审核',
  ]);

  // Back as it was, for the other tests.
  const again = await openUserRow(admin, 'unitadmin');
  await act(admin, again, '撤销审核人');
  await expect(again.locator('td').nth(4)).toHaveText('申报人');

  // 角色管理 lists the roles with what they grant.
  await openFromMenu(admin, '科研诚信', '角色管理');
  await expect(admin.getByRole('heading', { name: '角色管理' })).toBeVisible();
  await expect(admin.locator('.kc-schema-list tbody tr', { hasText: '审核人' })).toContainText(
    '审核管理（修改、查询、详情、查看完整信息）',
  );
  await expectNoSeriousA11yViolations(admin, 'the role list');
  await admin.context().close();
  await unitadmin.context().close();
});

test('the security administrator unlocks a locked account and freezes another, which then sees the frozen result', async ({
  browser,
  request,
}) => {
  const admin = await pageFor(browser, await tokenOf(request, 'secadmin'));
  // 用户管理 is all the security administrator's menu holds: no business data, no log.
  await expectMenuLinks(admin, '科研诚信', ['用户管理']);
  const integrityToken = await loginThroughApi(request, 'integrity');
  expect(await sessionStatus(request, integrityToken)).toBe(200);
  const locked = await openUserRow(admin, 'integrity');
  await act(admin, locked, '锁定', '');
  await expect(locked).toContainText('已锁定');
  // SECURITY R11: the lock ended the session already open, not only new logins.
  expect(await sessionStatus(request, integrityToken)).toBe(401);
  expect(await loginStatus(request, 'integrity')).not.toBe(200);
  await act(admin, locked, '解锁');
  await expect(locked).toContainText('正常');
  expect(await loginStatus(request, 'integrity')).toBe(200);

  const row = await openUserRow(admin, 'unitadmin');
  const reason = '申报材料中的财务数据与审计报告不一致，待核实';
  await act(admin, row, '冻结', reason);
  await expect(row).toContainText('已冻结');
  await expect(row).toContainText(reason);
  // The freeze ended 陈静's sessions; a frozen account still logs in, to read why (ADR 0012).
  const frozenToken = await loginThroughApi(request, 'unitadmin');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const frozen = await context.newPage();
  await frozen.goto('/home');
  await putSession(frozen, frozenToken);
  await frozen.goto('/home/activities/applicationForm?activityId=hightech-cultivation');
  await frozen.getByRole('button', { name: '保存草稿', exact: true }).click();
  const problem = frozen.locator('.kc-account-problem');
  await expect(problem).toContainText('您的账号已被冻结');
  await problem.getByRole('link', { name: '立即解冻' }).click();
  await expect(frozen).toHaveURL(/\/account\/center#account-status$/);
  await expect(frozen.locator('.kc-account-status')).toContainText(reason);
  await expect(frozen.locator('.kc-account-status')).toContainText('如何解冻');
  await expectNoSeriousA11yViolations(frozen, 'the frozen account centre');

  await act(admin, row, '解冻', '');
  await expect(row).toContainText('正常');
  await admin.context().close();
  await context.close();
});

test("the security administrator ends 王强's sessions with 结束会话, after a confirmation", async ({ browser, request }) => {
  const admin = await pageFor(browser, await tokenOf(request, 'secadmin'));
  const integrityToken = await loginThroughApi(request, 'integrity');
  expect(await sessionStatus(request, integrityToken)).toBe(200);
  const row = await openUserRow(admin, 'integrity');
  await row.getByRole('button', { name: '结束会话', exact: true }).click();
  await expect(admin.locator('.ant-modal')).toContainText('确定执行“结束会话”吗？');
  await confirmDialog(admin, '结束会话');
  await expect(admin.getByText('已结束该用户的全部会话，其所有设备须重新登录')).toBeVisible();
  // The account is as it was; only its sessions are gone.
  await expect(row).toContainText('正常');
  expect(await sessionStatus(request, integrityToken)).toBe(401);
  expect(await loginStatus(request, 'integrity')).toBe(200);
  await admin.context().close();
});
