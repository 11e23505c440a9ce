import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteNavigation } from '../../../../src/shared/generated/site-navigation';
import { scratchSchemas } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function navigation(headers: Record<string, string> = {}): Promise<{ body: SiteNavigation; vary: string | undefined }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/site/navigation', headers });
  expect(response.statusCode).toBe(200);
  return { body: response.json<{ data: SiteNavigation }>().data, vary: response.headers['vary']?.toString() };
}

const allPaths = (body: SiteNavigation): string[] => [
  ...body.menu.flatMap((entry) => (entry.path ? [entry.path] : (entry.children ?? []).map((child) => child.path))),
  ...body.tiles.map((tile) => tile.path),
  ...body.footer.flatMap((group) => group.children.map((child) => child.path)),
];

describe('GET /api/site/navigation (issue 30: the navigation is data)', () => {
  it('gives a visitor the public sections, 登录 and 注册, and nothing that needs an account', async () => {
    const { body, vary } = await navigation();
    expect(vary).toMatch(/authorization/i);
    expect(body.menu.map((entry) => entry.title)).toEqual(['首页', '政策服务', '申报活动', '金融服务', '科技服务', '科技活动']);
    const paths = allPaths(body);
    for (const section of [
      '/home/financing',
      '/home/financing/more_project',
      '/home/incubation/list',
      '/home/incubation/map',
      '/home/technology',
      '/home/toshow',
      '/home/findservice',
      '/home/event',
      '/home/need/list',
      '/home/publish',
    ])
      expect(paths, section).toContain(section);
    expect(paths).toContain('/user/login');
    expect(paths).not.toContain('/activitiesFormList');
    expect(paths).not.toContain('/account/center');
    expect(body.tiles.length).toBeGreaterThanOrEqual(16);
  });

  it('gives a logged-in user 我的申报 and 个人中心 instead of 登录 and 注册, in both languages', async () => {
    const applicant = await createLoggedInUser(t, 'nav');
    const { body } = await navigation(applicant.auth);
    const paths = allPaths(body);
    expect(paths).toContain('/activitiesFormList');
    expect(paths).toContain('/account/center');
    expect(paths).not.toContain('/user/login');
    // Personal: an entry for users only, which the header keeps ahead of the public sections.
    expect(body.menu.at(-1)).toEqual({
      title: '我的申报',
      titleEn: 'My applications',
      path: '/activitiesFormList',
      icon: 'profile',
      personal: true,
    });
    // A token that no longer opens a session is a visitor's.
    expect(allPaths((await navigation({ authorization: `Bearer ${'x'.repeat(43)}` })).body)).toContain('/user/login');
  });
});

describe('an entry with a permission', () => {
  it('is shown only to the holders of the permission', async () => {
    const schemas = await scratchSchemas();
    try {
      const file = join(schemas.dir, 'site/navigation.json');
      const shipped = JSON.parse(await readFile(file, 'utf8')) as { menu: Record<string, unknown>[] };
      shipped.menu.push({
        title: '表单设计',
        path: '/content/studio',
        permission: 'schemaStudio.query',
        locale: { 'en-US': { title: 'Studio' } },
      });
      await writeFile(file, JSON.stringify(shipped));
      const app = await createTestApp({ schemasDir: schemas.dir });
      try {
        const titles = async (role: string) =>
          (await app.app.inject({ method: 'GET', url: '/api/site/navigation', headers: (await createLoggedInUser(app, role, role)).auth }))
            .json<{ data: SiteNavigation }>()
            .data.menu.map((entry) => entry.title);
        expect(await titles('editor')).toContain('表单设计');
        expect(await titles('applicant')).not.toContain('表单设计');
      } finally {
        await app.close();
      }
    } finally {
      await schemas.dispose();
    }
  });
});
