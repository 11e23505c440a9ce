import { expectNoSeriousA11yViolations } from './axe-check';
import { expect, test } from './fixtures';

/**
 * /privacyPolicy (spec §1: visitors read the privacy policy; §2): the policy in the portal's frame for
 * visitors and users, its table of contents, the links from the login and registration pages, and
 * the English version.
 */
test.describe('the privacy policy', () => {
  test('a visitor reads it: heading, tab title, table of contents, contact', async ({ page }) => {
    await page.goto('/privacyPolicy');
    await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
    await expect(page).toHaveTitle('隐私政策 - 科创服务门户');
    await expect(page.locator('.kc-tab-title', { hasText: '隐私政策' })).toBeVisible();
    await expect(page.locator('.kc-footer')).toBeVisible();
    const policy = page.locator('.kc-privacy-policy');
    await expect(policy).toContainText('江城市科学技术委员会');
    await expect(policy).toContainText('《个人信息保护法》');
    await expect(policy).toContainText('生效日期：2026年11月25日');
    await expect(policy.getByRole('heading', { level: 3, name: '九、Cookie和浏览器本地存储' })).toBeVisible();
    await expect(policy.locator('.kc-privacy-table').first()).toContainText('手机号码、电子邮箱');
    await expect(policy).toContainText('ACCESS_TOKEN');

    // The table of contents jumps to a section.
    const toc = page.getByRole('navigation', { name: '目录' });
    await expect(toc.getByRole('link')).toHaveCount(12);
    await toc.getByRole('link', { name: '八、您的权利' }).click();
    await expect(page).toHaveURL(/\/privacyPolicy#privacy-rights$/);
    await expect(policy.getByRole('heading', { level: 3, name: '八、您的权利' })).toBeInViewport();
    await expect(policy.getByRole('heading', { level: 4, name: '注销账号' })).toBeVisible();
    await expect(page.locator('.kc-tab-title', { hasText: '隐私政策' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'the privacy policy');
  });

  test('the login pages link to it', async ({ page }) => {
    await page.goto('/user/login');
    await page.locator('.kc-privacy-link').getByRole('link', { name: '隐私政策' }).click();
    await expect(page).toHaveURL(/\/privacyPolicy$/);
    await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();

    for (const path of ['/login', '/login/public_login', '/login/legalLogin']) {
      await page.goto(path);
      await expect(page.locator('.kc-privacy-link').getByRole('link', { name: '隐私政策' }), path).toHaveAttribute(
        'href',
        '/privacyPolicy',
      );
    }
    await page.locator('.kc-privacy-link').getByRole('link', { name: '隐私政策' }).click();
    await expect(page).toHaveURL(/\/privacyPolicy$/);
    await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
  });

  test('registering says the user agrees to it, and the link opens it beside the form', async ({ page }) => {
    await page.goto('/user/register');
    const agreement = page.locator('.kc-register-agreement');
    await expect(agreement).toHaveText('注册即表示您已阅读并同意《隐私政策》');
    await page.getByLabel('用户名').fill('lijing2026');
    const [policy] = await Promise.all([page.waitForEvent('popup'), agreement.getByRole('link', { name: '隐私政策' }).click()]);
    await expect(policy).toHaveURL(/\/privacyPolicy$/);
    await expect(policy.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
    await policy.close();
    // The form keeps what was typed, and the user carries on (the link keeps the focus otherwise, in
    // antd's lighter focus colour, which axe measures as the link's colour).
    await expect(page.getByLabel('用户名')).toHaveValue('lijing2026');
    await page.getByLabel('用户名').focus();
    await expectNoSeriousA11yViolations(page, 'the registration page with its agreement');
  });

  test('in English: the policy, its tab title and the login page’s link', async ({ page }) => {
    await page.goto('/home');
    await page.evaluate(() => localStorage.setItem('app-language', 'en-US'));
    await page.goto('/user/login');
    await page.locator('.kc-privacy-link').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacyPolicy$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy policy - Kechuang Service Portal');
    await expect(page.locator('.kc-tab-title', { hasText: 'Privacy policy' })).toBeVisible();
    const policy = page.locator('.kc-privacy-policy');
    await expect(policy).toContainText('Jiangcheng Municipal Science and Technology Commission');
    await expect(policy).toContainText('Personal Information Protection Law');
    await expect(policy).toContainText('Effective date: 25 November 2026');
    await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: '8. Your rights' })).toBeVisible();
    await expect(policy.getByRole('heading', { level: 3, name: '12. Contact us' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the privacy policy in English');
    await page.evaluate(() => localStorage.setItem('app-language', 'zh-CN'));
  });

  test('a logged-in user reads it in the same frame', async ({ applicantPage: page }) => {
    await page.goto('/privacyPolicy');
    await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
    await expect(page.locator('.kc-user-name')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/privacyPolicy$/);
  });
});
