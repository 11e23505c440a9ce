import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRowFields } from '../../../../src/server/engine/records/list-page';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { Envelope } from '../../helpers/resource-fixtures';
import { SAMPLE_FILES, upload } from '../../helpers/activity-fixtures';
import { call, eventData, scratchSchemas } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * Issue 30: what visitors may see is declared (resource.json visitors.fields), and nothing else
 * leaves the server. Proved on the demo for every folder open to visitors, every public list and a
 * detail, as a visitor and as a logged-in user with no right to the whole record.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

type Page = { total: number; records: RecordView[] };

/** A showcase's team, with its members' mobile numbers (x-mask phone in the scratch record below). */
const TEAM = [
  { name: '王磊', phone: '13912345678' },
  { name: '李娜', phone: '13787654321' },
];

function expectOnly(record: RecordView, fields: readonly string[], where: string): void {
  expect(
    Object.keys(record.data).filter((field) => !fields.includes(field)),
    where,
  ).toEqual([]);
  if (!fields.includes('ownerName')) expect(record.ownerName ?? null, where).toBeNull();
}

describe('what a visitor receives of a public record', () => {
  it('is only the declared fields, in every public list and in the detail, of every folder open to visitors', async () => {
    const applicant = await createLoggedInUser(t, 'reader');
    const folders = t.app.resources.list().filter((resource) => resource.resource.visitors !== undefined);
    expect(folders.length).toBeGreaterThanOrEqual(10);
    let checked = 0;
    for (const resource of folders) {
      const fields = resource.resource.visitors?.fields ?? [];
      const lists = Object.entries(resource.lists).filter(([, list]) => list.audience === 'public');
      for (const [list] of lists) {
        for (const headers of [{}, applicant.auth]) {
          const answer = await t.app.inject({
            method: 'POST',
            url: `/api/resources/${resource.name}/lists/${list}`,
            headers,
            payload: { pageNo: 1, pageSize: 50 },
          });
          expect(answer.statusCode, `${resource.name}/${list}`).toBe(200);
          const page = answer.json<Envelope<Page>>().data;
          // A row carries no more than its page shows: its columns', layout's and links' fields (issue 30 item 3).
          const rowFields = publicRowFields(resource.lists[list] ?? { title: '', scope: 'all', columns: [] });
          for (const record of page.records) {
            expectOnly(record, fields, `${resource.name}/${list}`);
            expectOnly(record, rowFields, `${resource.name}/${list} row`);
          }
          checked += page.records.length;
          const first = page.records[0];
          if (!first) continue;
          const detail = await t.app.inject({ method: 'GET', url: `/api/resources/${resource.name}/detail?id=${first.id}`, headers });
          expect(detail.statusCode, `${resource.name} detail`).toBe(200);
          const body = detail.json<Envelope<RecordView & { history: unknown[] }>>().data;
          expectOnly(body, fields, `${resource.name} detail`);
          expect(body.history).toEqual([]);
        }
      }
    }
    // The demo has public records in each folder: the check above read real rows, not empty pages.
    expect(checked).toBeGreaterThan(100);
  });
});

/**
 * One scratch copy of the schemas for both cases below, on an app without the demo content (it needs
 * only its own records): event leaves contactPhone and capacity out of visitors.fields; showcase gets a
 * team table whose phone column is masked (x-mask) and is shown to visitors.
 */
describe('fields left out, and a masked column of a public table', () => {
  let scratch: TestApp;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const schemas = await scratchSchemas();
    dispose = schemas.dispose;
    const eventFile = join(schemas.dir, 'resources/event/resource.json');
    const event = JSON.parse(await readFile(eventFile, 'utf8')) as {
      visitors: { fields: string[] };
      pages: { article?: { facts?: string[] } }[];
    };
    const left = (field: string): boolean => field !== 'contactPhone' && field !== 'capacity';
    event.visitors.fields = event.visitors.fields.filter(left);
    // An article names only what visitors receive (schemas:check): its facts lose the two as well.
    for (const page of event.pages) if (page.article?.facts) page.article.facts = page.article.facts.filter(left);
    await writeFile(eventFile, JSON.stringify(event));
    const recordFile = join(schemas.dir, 'resources/showcase/record.schema.json');
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as { properties: Record<string, unknown> };
    record.properties['team'] = {
      type: 'array',
      title: '团队成员',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'phone'],
        properties: {
          name: { type: 'string', title: '姓名', maxLength: 20 },
          phone: { type: 'string', title: '手机号', format: 'mobile', 'x-mask': 'phone' },
        },
      },
    };
    // Papers visitors do not receive: an upload field left out of visitors.fields.
    record.properties['dossier'] = {
      type: 'array',
      title: '评审材料',
      maxItems: 3,
      items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
      'x-component': 'Upload',
      'x-upload': { accept: ['pdf'], maxSize: 1048576 },
    };
    await writeFile(recordFile, JSON.stringify(record));
    const showcaseFile = join(schemas.dir, 'resources/showcase/resource.json');
    const showcase = JSON.parse(await readFile(showcaseFile, 'utf8')) as { visitors: { fields: string[] } };
    showcase.visitors.fields.push('team');
    await writeFile(showcaseFile, JSON.stringify(showcase));
    scratch = await createTestApp({ schemasDir: schemas.dir });
  });
  afterAll(async () => {
    await scratch.close();
    await dispose();
  });

  /** A record the editor enters and publishes, as staff do before visitors see it. */
  async function published(editor: TestUser, resource: string, data: Record<string, unknown>): Promise<RecordView> {
    const created = await call<RecordView>(scratch, editor, 'POST', `/api/resources/${resource}/create`, data);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const answer = await call<RecordView>(scratch, editor, 'POST', `/api/resources/${resource}/transitions/publish`, {
      id: created.body.data.id,
      version: created.body.data.version,
    });
    expect(answer.status).toBe(200);
    return created.body.data;
  }

  it('stays on the server for visitors and users, and reaches the staff who may read the whole record', async () => {
    const editor = await createLoggedInUser(scratch, 'events', 'editor');
    const { id } = await published(editor, 'event', eventData());
    const visitor = (await scratch.app.inject({ method: 'GET', url: `/api/resources/event/detail?id=${id}` })).json<Envelope<RecordView>>()
      .data;
    expect(visitor.data['title']).toBe('科技成果转化对接会');
    expect(visitor.data).not.toHaveProperty('contactPhone');
    expect(visitor.data).not.toHaveProperty('capacity');
    const listed = (
      await scratch.app.inject({ method: 'POST', url: '/api/resources/event/lists/published', payload: { title: '科技成果转化对接会' } })
    ).json<Envelope<Page>>().data.records;
    expect(listed.map((record) => record.id)).toEqual([id]);
    expect(JSON.stringify(listed)).not.toContain('027-86001234');
    const staff = (await call<RecordView>(scratch, editor, 'GET', `/api/resources/event/detail?id=${id}`)).body.data;
    expect(staff.data['contactPhone']).toBe('027-86001234');
    expect(staff.data['capacity']).toBe(120);
  });

  it('serves visitors the files of the fields they receive, and no other file of a public record', async () => {
    const editor = await createLoggedInUser(scratch, 'files', 'editor');
    const uploaded = async (field: string, filename: string, content: Buffer) => {
      const answer = await upload(scratch, editor, { ownerKind: 'resource', ownerId: 'showcase', field }, { filename, content });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Envelope<{ id: string; name: string; size: number; type: string }>>().data;
    };
    const cover = await uploaded('cover', '中试车间.png', SAMPLE_FILES.png());
    const dossier = await uploaded('dossier', '评审意见.pdf', SAMPLE_FILES.pdf());
    await published(editor, 'showcase', {
      title: '高性能碳纤维复合材料成果',
      category: 'achievement',
      org: '江城材料研究院',
      publishDate: '2026-11-21',
      summary: '研究院的碳纤维复合材料通过中试验收，拉伸强度达到国际先进水平。',
      cover: [cover],
      dossier: [dossier],
    });
    expect((await scratch.app.inject({ method: 'GET', url: `/api/files/public/${cover.id}` })).statusCode).toBe(200);
    expect((await scratch.app.inject({ method: 'GET', url: `/api/files/public/${dossier.id}` })).statusCode).toBe(404);
  });

  it('never reaches a visitor, a list or another member of staff in full; the owner who entered it sees it', async () => {
    const editor = await createLoggedInUser(scratch, 'show', 'editor');
    const record = await published(editor, 'showcase', {
      title: '新型储能材料中试成果',
      category: 'achievement',
      org: '江城新能源研究院',
      publishDate: '2026-11-20',
      summary: '研究院完成新型储能材料中试，能量密度提升三成。',
      team: TEAM,
    });
    const id = record.id;
    expect(record.data['team']).toEqual(TEAM);
    const masked = [
      { name: '王磊', phone: '139****5678' },
      { name: '李娜', phone: '137****4321' },
    ];
    const visitor = (await scratch.app.inject({ method: 'GET', url: `/api/resources/showcase/detail?id=${id}` })).json<
      Envelope<RecordView>
    >().data;
    expect(visitor.data['team']).toEqual(masked);
    const listed = await scratch.app.inject({ method: 'POST', url: '/api/resources/showcase/lists/published', payload: { pageSize: 100 } });
    expect(listed.body).not.toContain('13912345678');
    const colleague = await createLoggedInUser(scratch, 'show2', 'editor');
    expect((await call<RecordView>(scratch, colleague, 'GET', `/api/resources/showcase/detail?id=${id}`)).body.data.data['team']).toEqual(
      masked,
    );
    expect((await call<RecordView>(scratch, editor, 'GET', `/api/resources/showcase/detail?id=${id}`)).body.data.data['team']).toEqual(
      TEAM,
    );
  });
});
