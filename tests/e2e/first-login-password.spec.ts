import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, loginThroughApi, submitLogin, test } from './fixtures';

/**
 * SECURITY R07 end to end: an account an administrator opens (用户管理's API, POST /sys/user/add)
 * logs in to a session that can only change its password. The SPA keeps the user on the change,
 * the server refuses a common password on its field (R01), and once changed the portal opens.
 */
const suffix = `${Date.now()}`.slice(-8);
const NEW_USER = { username: `first${suffix}`, fullname: '首登用户', password: 'Given#by-Staff7' };
const OWN_PASSWORD = 'Mine#chosen-2027';

test('an administrator creates a user, who must change the password at the first login and then reaches the home page', async ({
  page,
  request,
}) => {
  const adminToken = await loginThroughApi(request, 'admin');
  const created = await request.post('/api/sys/user/add', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { ...NEW_USER, confirmPassword: NEW_USER.password },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('用户名').fill(NEW_USER.username);
  await page.getByLabel('密码', { exact: true }).fill(NEW_USER.password);
  await submitLogin(page);
  await expect(page).toHaveURL(/\/account\/settings$/);
  const notice = page.locator('.kc-password-change-required');
  await expect(notice).toContainText('首次登录请先修改密码');
  await expect(notice).toContainText('您的密码由管理员设置');
  // Only the change: the summary is not shown to a session that may not read it yet.
  await expect(page.locator('.kc-security-summary')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the first-login password change');

  // Another page, even after a reload, leads back here until the password is changed.
  await page.goto('/account/center');
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(notice).toBeVisible();

  // The browser has no common-password list: the server's refusal shows on the field.
  await page.getByLabel('原密码').fill(NEW_USER.password);
  await page.getByLabel('新密码').fill('Password123!');
  await page.getByLabel('确认密码').fill('Password123!');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(
    page.locator('.ant-form-item').filter({ hasText: '新密码' }).getByText('该密码过于常见，容易被猜中，请换一个'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account\/settings$/);

  await page.getByLabel('新密码').fill(OWN_PASSWORD);
  await page.getByLabel('确认密码').fill(OWN_PASSWORD);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The same session now opens the rest of the portal.
  await page.goto('/account/settings');
  await expect(page.locator('.kc-security-summary')).toContainText(NEW_USER.username);
  await expect(notice).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('ACCESS_TOKEN'));
  const units = await request.get('/api/integrity/app/user/unit/list', { headers: { Authorization: `Bearer ${token ?? ''}` } });
  expect(units.status()).toBe(200);
});
