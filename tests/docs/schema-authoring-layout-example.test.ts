import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchemaTree, formatProblem } from '../../scripts/lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from '../../scripts/lib/schema-files';
import type { RecordView } from '../../src/shared/generated/record-view';
import type { ResourcePages } from '../../src/shared/generated/resource-pages';
import type { Envelope } from '../server/helpers/resource-fixtures';
import { createTestApp } from '../server/helpers/test-app';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/schema-authoring.md');

type Json = Record<string, unknown>;

/** The guide's public-layout examples (a list file, and a detail page of event's resource.json), as written there. */
async function guideExamples(): Promise<{ list: Json; page: Json; mistakes: string[] }> {
  const guide = await readFile(GUIDE, 'utf8');
  const blocks = new Map<string, Json>();
  for (const match of guide.matchAll(/<!-- public-layout: (\S+) -->\n```json\n([\s\S]*?)\n```/g))
    blocks.set(match[1] ?? '', JSON.parse(match[2] ?? '') as Json);
  const section = guide.slice(guide.indexOf('#### 给访客的版式'));
  const printed = /写错时 `schemas:check` 的输出，例如：\n\n```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return {
    list: blocks.get('resources/event/lists/published.list.json') ?? {},
    page: blocks.get('resources/event/resource.json#/pages/1') ?? {},
    mistakes: printed.split('\n'),
  };
}

let dir = '';
const read = async (file: string): Promise<Json> => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Json;
const write = async (file: string, value: unknown): Promise<void> => writeFile(path.join(dir, file), JSON.stringify(value, null, 2));

/** A fresh copy of the schemas with the guide's two examples in place. */
async function withExamples(): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await cp(DEFAULT_SCHEMAS_DIR, dir, { recursive: true });
  const { list, page } = await guideExamples();
  await write('resources/event/lists/published.list.json', list);
  const resource = await read('resources/event/resource.json');
  (resource['pages'] as Json[])[1] = page;
  await write('resources/event/resource.json', resource);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemas-doc-layout-'));
  await withExamples();
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the public layout examples in docs/schema-authoring.md', () => {
  it('pass schemas:check as written, and give the agenda and the article the guide describes', async () => {
    expect((await checkSchemaTree(dir)).map(formatProblem)).toEqual([]);
    const t = await createTestApp({ schemasDir: dir, seedDemoUsers: true });
    try {
      const listed = await t.app.inject({ method: 'POST', url: '/api/resources/event/lists/published', payload: {} });
      const rows = listed.json<Envelope<{ records: RecordView[] }>>().data.records;
      expect(rows.length).toBeGreaterThan(0);
      // Each row carries its columns', layout's and links' fields, and nothing else.
      for (const row of rows) expect(Object.keys(row.data).sort()).toEqual(['address', 'endsAt', 'host', 'kind', 'startsAt', 'title']);
      const pages = (await t.app.inject({ method: 'GET', url: '/api/resources/pages' })).json<Envelope<ResourcePages>>().data.pages;
      const detail = pages.find((page) => page.path === '/home/event/detail');
      expect(detail?.article).toEqual((await guideExamples()).page['article']);
      expect(detail?.public).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('prints, for each mistake the guide shows, exactly its line', async () => {
    const { mistakes } = await guideExamples();
    const incubators = await read('resources/incubator/lists/published.list.json');
    (incubators['layout'] as Json)['image'] = 'intro';
    await write('resources/incubator/lists/published.list.json', incubators);
    const staff = await read('resources/event/lists/all.list.json');
    staff['layout'] = { kind: 'cards', title: 'title' };
    await write('resources/event/lists/all.list.json', staff);
    const resource = await read('resources/event/resource.json');
    ((((resource['pages'] as Json[])[1] as Json)['article'] as Json)['related'] as Json)['by'] = 'host';
    await write('resources/event/resource.json', resource);
    const printed = (await checkSchemaTree(dir)).map(formatProblem);
    expect(mistakes).toHaveLength(3);
    for (const line of mistakes) expect(printed).toContain(line);
    await withExamples();
  });
});
