import { describe, expect, it } from 'vitest';
import type { ResourceFile } from '../../../src/shared/generated/resource-file';
import type { ResourceListFile } from '../../../src/shared/generated/resource-list-file';
import { checkArticlePage } from '../../../src/shared/resource/check-article-page';
import { checkListLayout, layoutFields } from '../../../src/shared/resource/check-list-layout';
import { checkVisitorFields } from '../../../src/shared/resource/check-visitor-fields';
import type { FolderProblem } from '../../../src/shared/activity/check-activity-folder';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const UPLOAD = (accept: string[]): JsonSchema => ({
  type: 'array',
  items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
  'x-component': 'Upload',
  'x-upload': { accept, maxSize: 1048576 },
});

const RECORD: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    kind: { type: 'string', 'x-dict': 'event_kind' },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    cover: UPLOAD(['jpg', 'png']),
    files: UPLOAD(['pdf']),
    phone: { type: 'string' },
    seats: { type: 'integer' },
  },
};

const list = (layout: ResourceListFile['layout'], overrides: Partial<ResourceListFile> = {}): ResourceListFile =>
  ({
    title: '活动',
    scope: 'all',
    audience: 'public',
    states: ['published'],
    columns: [{ field: 'title' }],
    layout,
    ...overrides,
  }) as ResourceListFile;

function problemsOf(file: ResourceListFile): string[] {
  const problems: string[] = [];
  checkListLayout(file, RECORD, (pointer, message) => void problems.push(`${pointer}: ${message}`));
  return problems;
}

describe('a list layout', () => {
  it('passes each kind with the fields it reads', () => {
    expect(problemsOf(list({ kind: 'cards', title: 'title', image: 'cover', facts: ['kind', 'seats'], tags: 'kind' }))).toEqual([]);
    expect(problemsOf(list({ kind: 'media', title: 'title', summary: 'title', date: 'day', source: 'phone' }))).toEqual([]);
    expect(problemsOf(list({ kind: 'agenda', title: 'title', start: 'startsAt', end: 'endsAt', facts: ['kind'] }))).toEqual([]);
    expect(problemsOf(list({ kind: 'carousel', title: 'title', image: 'cover', summary: 'title' }))).toEqual([]);
  });

  it('is for visitors only: a staff list keeps its table', () => {
    expect(problemsOf(list({ kind: 'cards', title: 'title' }, { audience: 'user' }))).toEqual([
      '/layout: layout 是给访客看的列表的版式：只能用在 "audience": "public" 的列表上（工作人员的列表保持表格）',
    ]);
  });

  it('names what a kind does not read, a missing field, a non-image picture, a plain tag and an end that is not a time', () => {
    expect(problemsOf(list({ kind: 'cards', title: 'name', image: 'files', tags: 'phone', start: 'startsAt', facts: ['seats'] }))).toEqual([
      '/layout/start: 版式 "cards" 不用 start（它用：title、image、summary、facts、tags）',
      '/layout/title: "name" 不是 record.schema.json 顶层的字段',
      '/layout/image: 图片 "files" 应是只收图片的上传字段（x-component 为 "Upload"，x-upload.accept 只有 jpg、png）',
      '/layout/tags: 标签 "phone" 应是字典字段（带 x-dict）',
    ]);
    expect(problemsOf(list({ kind: 'agenda', title: 'title', end: 'day' }))).toEqual([
      '/layout: 日程版式（agenda）需要 start：活动开始时间的字段（format 为 date-time）',
      '/layout/end: "day" 应是日期时间字段（format 为 date-time）',
    ]);
  });

  it('adds its fields to what a visitor must be able to receive', () => {
    expect(layoutFields({ kind: 'agenda', title: 'title', start: 'startsAt', end: 'endsAt', facts: ['kind'] })).toEqual([
      'title',
      'kind',
      'startsAt',
      'endsAt',
    ]);
    const problems: FolderProblem[] = [];
    const resource = {
      name: 'event',
      title: '活动',
      permission: 'event',
      owner: 'user',
      visitors: { states: ['published'], fields: ['title'] },
    } as ResourceFile;
    checkVisitorFields(resource, RECORD, new Map([['published', list({ kind: 'cards', title: 'title', facts: ['phone'] })]]), problems);
    expect(problems.map((problem) => `${problem.file}#${problem.pointer}`)).toEqual(['lists/published.list.json#/layout']);
  });
});

describe('an article detail page', () => {
  const resource = {
    name: 'event',
    title: '活动',
    permission: 'event',
    owner: 'user',
    visitors: { states: ['published'], fields: ['title'] },
  } as ResourceFile;
  const lists = new Map([
    ['published', list(undefined, { filters: [{ field: 'kind' }] })],
    ['staff', list(undefined, { audience: undefined })],
  ]);
  function articleProblems(
    article: NonNullable<NonNullable<ResourceFile['pages']>[number]['article']>,
    page: 'detail' | 'new' = 'detail',
  ): string[] {
    const problems: string[] = [];
    checkArticlePage(
      { path: '/home/event/detail', page, article },
      '/pages/0',
      resource,
      RECORD,
      lists,
      (pointer, message) => void problems.push(`${pointer}: ${message}`),
    );
    return problems;
  }

  it('passes a heading, facts, an image field and related records by a filter of a public list', () => {
    expect(
      articleProblems({ heading: 'title', facts: ['kind', 'startsAt'], image: 'cover', related: { list: 'published', by: 'kind' } }),
    ).toEqual([]);
  });

  it('names a wrong page, field, picture and related list', () => {
    expect(articleProblems({ heading: 'seats', image: 'files', related: { list: 'staff', by: 'kind' } }, 'new')).toEqual([
      '/pages/0/article: 只有 page 为 "detail" 的详情页才写 article',
      '/pages/0/article/heading: 标题 "seats" 应是文本字段',
      '/pages/0/article/image: 图片 "files" 应是只收图片的上传字段（x-component 为 "Upload"，x-upload.accept 只有 jpg、png）',
      '/pages/0/article/related/list: 相关记录取自给访客看的列表："staff" 不是 "audience": "public" 的列表',
    ]);
    expect(articleProblems({ heading: 'title', related: { list: 'published', by: 'seats' } })).toEqual([
      '/pages/0/article/related/by: "seats" 应是列表 "published" 的筛选字段（filters 中不带 match 的一项）',
    ]);
  });
});
