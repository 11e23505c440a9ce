import { describe, expect, it } from 'vitest';
import type { ResourceFile } from '../../../src/shared/generated/resource-file';
import type { ResourceListFile } from '../../../src/shared/generated/resource-list-file';
import { checkVisitorFields } from '../../../src/shared/resource/check-visitor-fields';
import { visitorData } from '../../../src/shared/resource/visitor-data';
import type { FolderProblem } from '../../../src/shared/activity/check-activity-folder';

const RECORD = {
  type: 'object',
  properties: { title: { type: 'string' }, intro: { type: 'string' }, idNumber: { type: 'string' }, district: { type: 'string' } },
} as const;

const resource = (overrides: Partial<ResourceFile> = {}): ResourceFile =>
  ({
    name: 'talent',
    title: '人才名录',
    permission: 'talent',
    owner: 'none',
    visitors: { states: ['published'], fields: ['title', 'intro', 'district'] },
    ...overrides,
  }) as ResourceFile;

const publicList = (overrides: Partial<ResourceListFile> = {}): ResourceListFile =>
  ({
    title: '人才',
    scope: 'all',
    audience: 'public',
    states: ['published'],
    columns: [{ field: 'title' }, { field: 'updatedAt' }],
    ...overrides,
  }) as ResourceListFile;

function problemsOf(file: ResourceFile, lists: Record<string, ResourceListFile> = {}): string[] {
  const problems: FolderProblem[] = [];
  checkVisitorFields(file, RECORD, new Map(Object.entries(lists)), problems);
  return problems.map((problem) => `${problem.file}#${problem.pointer}: ${problem.message}`);
}

describe('visitors.fields', () => {
  it('passes fields of the record, ownerName, and public lists and a search over them', () => {
    expect(
      problemsOf(resource({ visitors: { states: ['published'], fields: ['title', 'intro', 'district', 'ownerName'] } }), {
        published: publicList({ filters: [{ field: 'district' }], columns: [{ field: 'title' }, { field: 'ownerName' }] }),
        staff: publicList({ audience: 'user', columns: [{ field: 'idNumber' }] }),
      }),
    ).toEqual([]);
  });

  it('names a field the record does not have, and every public use of a hidden one', () => {
    const file = resource({
      visitors: { states: ['published'], fields: ['title', 'phone'] },
      search: { title: 'title', text: ['intro'], href: '/talent?id={id}' },
    });
    expect(
      problemsOf(file, {
        published: publicList({
          columns: [{ field: 'title' }, { field: 'idNumber' }],
          filters: [{ field: 'idNumber' }],
          sort: { fields: ['district'], default: { field: 'district', order: 'ascend' } },
          summary: { field: 'district', by: 'value' },
        }),
      }),
    ).toEqual([
      'resource.json#/visitors/fields/1: "phone" 不是 record.schema.json 的顶层字段（访客能看到的只能是记录的字段，或 ownerName）',
      'resource.json#/search/text/0: 访客看不到字段 "intro"（不在 resource.json 的 visitors.fields 中），门户搜索不能用它：请把它加进 visitors.fields，或换一个字段',
      'lists/published.list.json#/columns/1/field: 访客看不到字段 "idNumber"（不在 resource.json 的 visitors.fields 中），给访客看的列表的列不能用它：请把它加进 visitors.fields，或换一个字段',
      'lists/published.list.json#/filters/0/field: 访客看不到字段 "idNumber"（不在 resource.json 的 visitors.fields 中），给访客看的列表的筛选条件不能用它：请把它加进 visitors.fields，或换一个字段',
      'lists/published.list.json#/sort/fields/0: 访客看不到字段 "district"（不在 resource.json 的 visitors.fields 中），给访客看的列表的排序不能用它：请把它加进 visitors.fields，或换一个字段',
      'lists/published.list.json#/sort/default/field: 访客看不到字段 "district"（不在 resource.json 的 visitors.fields 中），给访客看的列表的默认排序不能用它：请把它加进 visitors.fields，或换一个字段',
      'lists/published.list.json#/summary/field: 访客看不到字段 "district"（不在 resource.json 的 visitors.fields 中），给访客看的列表的统计不能用它：请把它加进 visitors.fields，或换一个字段',
    ]);
  });

  it('keeps only the declared fields of a record', () => {
    expect(visitorData({ title: '甲', idNumber: '110105199003071239', intro: '乙' }, ['title', 'intro', 'district'])).toEqual({
      title: '甲',
      intro: '乙',
    });
  });
});
