import { describe, expect, it } from 'vitest';
import type { ResourceFile } from '../../../../src/shared/generated/resource-file';
import { resourceKeyProblems } from '../../../../src/server/engine/units/resource-key-problems';

const base: ResourceFile = {
  name: 'sample',
  title: '样例',
  permission: 'sample',
  owner: 'user',
  visitors: { states: ['published'], fields: ['title', 'org'] },
  jurisdiction: { field: 'org' },
  grants: { editor: ['query', 'get'] },
};
const problemsOf = (edit: (resource: ResourceFile) => ResourceFile, live: ResourceFile = base) =>
  resourceKeyProblems(live, edit(structuredClone(live)));

/* ADR 0048: each key of resource.json is live, or refused with its own reason at resource.json#/<key>. */
describe('resourceKeyProblems', () => {
  it('lets what the routes read at each request change: createAction, anonymousCreate, submitMode, qrCodes, search, pages, owner (weighed with the records elsewhere)', () => {
    expect(
      problemsOf((resource) => ({
        ...resource,
        createAction: 'add',
        anonymousCreate: true,
        submitMode: 'draft',
        qrCodes: [{ title: '签到码', href: '/sign?id={id}' }],
        search: { title: 'title', text: ['org'], href: '/detail?id={id}' },
        pages: [{ path: '/home/sample', page: 'detail' }],
        owner: 'organisation',
        unique: [{ fields: ['title', 'org'], message: '重复' }],
      })),
    ).toEqual([]);
  });

  it('lets who sees records narrow (visitors, jurisdiction added, addressees removed) and refuses each widening', () => {
    expect(problemsOf((resource) => ({ ...resource, visitors: { states: ['published'], fields: ['title'] } }))).toEqual([]);
    expect(problemsOf(({ visitors: _gone, ...resource }) => resource)).toEqual([]);
    expect(
      problemsOf(({ jurisdiction: _gone, ...resource }) => ({ ...resource, jurisdiction: { field: 'org' } }), {
        ...base,
        jurisdiction: undefined,
      } as ResourceFile),
    ).toEqual([]);
    expect(problemsOf((resource) => ({ ...resource, visitors: { states: ['published', 'draft'], fields: ['title', 'org'] } }))).toEqual([
      ['/visitors', expect.stringContaining('visitors 新增状态 draft')],
    ]);
    expect(problemsOf(({ jurisdiction: _gone, ...resource }) => resource)).toEqual([
      ['/jurisdiction', expect.stringContaining('其他单位的记录')],
    ]);
    expect(problemsOf((resource) => ({ ...resource, addressees: { field: 'guests', phoneField: 'mobile' } }))).toEqual([
      ['/addressees', expect.stringContaining('会让原来看不到这些记录的人看到它们')],
    ]);
    const withAddressees = { ...base, addressees: { field: 'guests', phoneField: 'mobile' } } as ResourceFile;
    expect(problemsOf(({ addressees: _gone, ...resource }) => resource, withAddressees)).toEqual([]);
  });

  it('refuses what code, grants and stored seals are keyed by, each with its reason; import (ADR 0050) and matching (ADR 0051) are live', () => {
    const problems = problemsOf((resource) => ({
      ...resource,
      permission: 'other',
      source: 'applications',
      seal: true,
      grants: { editor: ['query', 'get', 'update'] },
      import: { columns: ['title'] } as unknown as ResourceFile['import'],
      matching: { form: 'questionnaire', conditions: 'conditions' } as unknown as ResourceFile['matching'],
    }));
    expect(problems).toEqual([
      ['/permission', expect.stringContaining('请保留原权限标识')],
      ['/grants', expect.stringContaining('发布不授予权限')],
      ['/source', expect.stringContaining('代码变更')],
      ['/seal', expect.stringContaining('显示为被篡改')],
    ]);
    expect(problems.every(([, message]) => !message.includes('除标题'))).toBe(true);
  });

  it('lets map pages and the other pages change: the live maps and dictionaries are asked of the candidate elsewhere (ADR 0051)', () => {
    const mapPage = { path: '/home/sample/map', page: 'map', map: 'districts', field: 'district', list: 'all' } as const;
    expect(problemsOf((resource) => ({ ...resource, pages: [{ path: '/home/sample', page: 'detail' }, mapPage] }))).toEqual([]);
    const withMap = { ...base, pages: [mapPage] } as ResourceFile;
    expect(
      problemsOf(
        (resource) => ({ ...resource, pages: [...(resource.pages ?? []), { path: '/home/sample/one', page: 'detail' }] }),
        withMap,
      ),
    ).toEqual([]);
  });
});
