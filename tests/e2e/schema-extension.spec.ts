import { expect, fieldError, formItem, loginThroughApi, openDrawer, test } from './fixtures';

// This server reads a copy of schemas/ whose message form has one more property, `company`
// (maxLength 40), and nothing else changed: no code, no rebuild, just a restart.
test('a property added to the message schema shows in the drawer and is enforced by the server', async ({ page, request }) => {
  const token = await loginThroughApi(request, 'applicant');
  await page.addInitScript((value) => localStorage.setItem('ACCESS_TOKEN', value), token);
  await page.goto('/home');
  await openDrawer(page);

  const company = formItem(page, '单位名称');
  await expect(company).toBeVisible();
  await company.locator('input').fill('企'.repeat(41));
  await company.locator('input').blur();
  await expect(fieldError(page, '单位名称')).toHaveText('最多输入40个字符');

  await request.get('/api/sys/person/message/loginCode', { headers: { Authorization: `Bearer ${token}` } });
  const response = await request.post('/api/sys/person/message/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { messageType: '1', theme: '扩展字段', name: '张伟', phone: '13800138000', company: '企'.repeat(41), code: 'e2e-captcha' },
  });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { errors: { path: string; message: string }[] };
  expect(body.errors).toEqual([expect.objectContaining({ path: 'company', message: '最多输入40个字符' })]);
});
