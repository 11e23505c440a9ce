import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/schema-authoring.md');
const RECEIVED = 'resources/need-contact/lists/received.list.json';

/**
 * docs/schema-authoring.md §10.5's 收到的对接 (list scope targetOwner): its example is the shipped list
 * file, word for word, and the two mistakes its table lists print exactly what it says.
 */
let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-doc-target-owner-'));
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

async function editJson(file: string, edit: (value: Json) => void): Promise<void> {
  const value = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Json;
  edit(value);
  await writeFile(path.join(dir, file), JSON.stringify(value));
}

/** Each line schemas:check prints is one the guide quotes. */
async function expectQuotedByTheGuide(): Promise<string[]> {
  const printed = (await checkSchemaTree(dir)).map(formatProblem);
  expect(printed.length).toBeGreaterThan(0);
  const guide = await readFile(GUIDE, 'utf8');
  for (const line of printed) expect(guide, line).toContain(`\`${line}\``);
  return printed;
}

describe("the guide's targetOwner list (docs/schema-authoring.md §10.5)", () => {
  it('is the shipped 收到的对接, which passes schemas:check', async () => {
    const guide = await readFile(GUIDE, 'utf8');
    const block = new RegExp(`<!-- target-owner-example: ${RECEIVED} -->\\n\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(guide)?.[1];
    expect(block).toBeDefined();
    expect(JSON.parse(block ?? '')).toEqual(JSON.parse(await readFile(path.join(DEFAULT_SCHEMAS_DIR, RECEIVED), 'utf8')));
    expect(await checkSchemaTree(DEFAULT_SCHEMAS_DIR)).toEqual([]);
  });

  it('refuses a target not found by its id, as the guide prints', async () => {
    await editJson('resources/need-contact/resource.json', (resource) => {
      (resource['target'] as Json)['match'] = [{ field: 'needTitle', targetField: 'needTitle' }];
      // The form's about needs the id too; without it only the list's problem is left.
      delete ((resource['pages'] as Json[])[0] ?? {})['about'];
    });
    expect(await expectQuotedByTheGuide()).toEqual([
      `${RECEIVED}#/scope: "targetOwner" 列表列出针对当前用户所拥有记录的记录（如对我的需求发来的对接请求），资源需要在 resource.json 中写 target，且 match 中有一项的 targetField 为 "id"（目标记录的编号）`,
    ]);
  });

  it('refuses a target folder whose records have no owner, as the guide prints', async () => {
    await editJson('resources/need/resource.json', (resource) => {
      resource['owner'] = 'none';
      resource['aliases'] = (resource['aliases'] as Json[]).filter((alias) => alias['list'] !== 'mine');
    });
    await rm(path.join(dir, 'resources/need/lists/mine.list.json'));
    expect(await expectQuotedByTheGuide()).toEqual([
      `${RECEIVED}#/scope: 资源 "need" 的记录没有所有者（owner 为 "none"），"targetOwner" 列表不会列出任何记录`,
    ]);
  });
});
