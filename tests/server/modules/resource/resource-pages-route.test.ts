import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePages } from '../../../../src/shared/generated/resource-pages';
import { loadResourceRegistry } from '../../../../src/server/modules/resource/resource-registry';
import { scratchSchemas, type Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/resources/pages', () => {
  it('tells a visitor the folders\' pages at the spec\'s paths and the account menu in its order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/resources/pages' });
    expect(response.statusCode).toBe(200);
    const { pages, accountMenu } = response.json<Envelope<ResourcePages>>().data;
    expect(pages).toEqual(expect.arrayContaining([
      { path: '/home/publish', resource: 'need', page: 'new', title: '发布需求', titleEn: 'Publish a need' },
      { path: '/activitiesFormList', resource: 'application', page: 'list', list: 'mine' },
    ]));
    expect(accountMenu.map((entry) => entry.title)).toEqual(['我的申报', '我的需求', '我的邀请', '收到的邀请', '我的留言', '我的收藏', '入驻申请']);
    expect(accountMenu.map((entry) => entry.titleEn)).toEqual(['My applications', 'My needs', 'My invitations', 'Invitations to me', 'My messages', 'My collection', 'Settle-in']);
    // A list with a page of its own links there; the others to the engine's list page.
    expect(accountMenu[0]?.href).toBe('/activitiesFormList');
    expect(accountMenu[1]?.href).toBe('/resources/need/lists/mine');
  });
});

describe('pages across resource folders', () => {
  it('refuses to start when two folders place a page at the same path', async () => {
    const schemas = await scratchSchemas();
    try {
      const file = join(schemas.dir, 'resources/invite/resource.json');
      const resource = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...resource, pages: [{ path: '/home/publish', page: 'new' }] }));
      await expect(loadResourceRegistry(schemas.dir)).rejects.toThrow('resources/need/resource.json#/pages/0/path: 页面 /home/publish 已由资源 "invite" 使用');
    } finally {
      await schemas.dispose();
    }
  });
});
