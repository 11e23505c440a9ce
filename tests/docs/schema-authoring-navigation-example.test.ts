import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';
import type { NavigationFile } from '../../src/shared/generated/navigation-file';
import { navigationFor } from '../../src/shared/site/navigation-for';
import { stripJsonComments } from '../fixtures/doc-activity-example';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/schema-authoring.md');

/** docs/schema-authoring.md §12's example, as a content administrator would copy it. */
async function guideExample(): Promise<NavigationFile> {
  const guide = await readFile(GUIDE, 'utf8');
  const section = guide.slice(guide.indexOf('## 12. 站点导航'));
  const block = /```jsonc\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return JSON.parse(stripJsonComments(block)) as NavigationFile;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-doc-navigation-'));
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the navigation example in docs/schema-authoring.md §12', () => {
  it('passes schemas:check as written', async () => {
    await writeFile(path.join(dir, 'site/navigation.json'), JSON.stringify(await guideExample(), null, 2));
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
  });

  it('shows each caller what the guide says', async () => {
    const example = await guideExample();
    const titles = (navigation: ReturnType<typeof navigationFor>) => [
      ...navigation.menu.map((entry) => entry.title),
      ...navigation.footer.flatMap((group) => group.children.map((child) => child.title)),
    ];
    expect(titles(navigationFor(example, { kind: 'visitor' }))).toEqual(['首页', '金融服务', '隐私政策', '登录']);
    expect(titles(navigationFor(example, { kind: 'user', permissions: [] }))).toEqual(['首页', '金融服务', '我的申报', '隐私政策']);
    expect(
      titles(navigationFor(example, { kind: 'user', permissions: [{ permissionId: 'schemaStudio', actionList: ['query'] }] })),
    ).toContain('表单设计');
  });
});
