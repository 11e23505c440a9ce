import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFolderTexts } from '../../../../src/server/lib/read-schema-folder';
import { liveChangeProblems } from '../../../../src/server/engine/units/live-change-problems';
import { compileResourceFolder, loadSharedWorkflows, type CompiledResource } from '../../../../src/server/engine/units/resource-registry';

const SCHEMAS = join(__dirname, '../../../../schemas');

describe('liveChangeProblems', () => {
  let texts: Map<string, string>;
  let workflows: Map<string, unknown>;
  let live: CompiledResource;
  const candidate = (edit: (files: Map<string, unknown>) => void): CompiledResource => {
    const files = new Map([...texts].map(([name, text]) => [name, JSON.parse(text) as unknown]));
    edit(files);
    return compileResourceFolder('need', new Map([...files].map(([name, value]) => [name, JSON.stringify(value)])), workflows);
  };
  const json = <T>(files: Map<string, unknown>, name: string) => files.get(name) as T;

  beforeAll(async () => {
    texts = await readFolderTexts(join(SCHEMAS, 'resources', 'need'));
    workflows = await loadSharedWorkflows(SCHEMAS);
    live = compileResourceFolder('need', texts, workflows);
  });

  it('lets texts, the record form and how a list shows its records change', () => {
    const changed = candidate((files) => {
      json<{ title: string }>(files, 'resource.json').title = '技术需求（新）';
      const workflow = json<{ states: Record<string, { title: string }> }>(files, 'workflow.json');
      for (const state of Object.values(workflow.states)) state.title = `${state.title}中`;
      const record = json<{ properties: Record<string, { maxLength?: number; description?: string }> }>(files, 'record.schema.json');
      for (const node of Object.values(record.properties)) node.description = '请如实填写';
      const list = [...files.keys()].find((name) => name.startsWith('lists/')) ?? '';
      json<{ columns: unknown[] }>(files, list).columns.reverse();
    });
    expect(liveChangeProblems(live, changed)).toEqual([]);
  });

  it('places a change to the routes or their access where it was made; the workflow is live (ADR 0044)', () => {
    const changed = candidate((files) => {
      json<{ permission: string }>(files, 'resource.json').permission = 'demand';
      const workflow = json<{ transitions: Record<string, { note?: string }> }>(files, 'workflow.json');
      const [first] = Object.values(workflow.transitions);
      if (first) first.note = first.note === 'required' ? 'optional' : 'required';
    });
    expect(liveChangeProblems(live, changed).map((problem) => [problem.file, problem.pointer])).toEqual([
      ['resources/need/resource.json', '/permission'],
    ]);
  });

  it("lets a workflow's states and transitions change, except a source's, whose module takes its transitions (ADR 0044)", async () => {
    const added = candidate((files) => {
      const workflow = json<{ states: Record<string, unknown>; transitions: Record<string, unknown> }>(files, 'workflow.json');
      workflow.states['archived'] = { title: '已归档' };
      workflow.transitions['archive'] = {
        title: '归档',
        from: Object.keys(workflow.states).slice(0, 1),
        to: 'archived',
        actor: 'reviewer',
        permission: 'update',
      };
    });
    expect(liveChangeProblems(live, added)).toEqual([]);

    const sourceTexts = await readFolderTexts(join(SCHEMAS, 'resources', 'sys-role'));
    const sourceLive = compileResourceFolder('sys-role', sourceTexts, workflows);
    const files = new Map([...sourceTexts].map(([name, text]) => [name, JSON.parse(text) as unknown]));
    const workflow = json<{ states: Record<string, { title: string }>; transitions: Record<string, unknown> }>(files, 'workflow.json');
    for (const state of Object.values(workflow.states)) state.title = `${state.title}中`;
    const retitled = compileResourceFolder(
      'sys-role',
      new Map([...files].map(([name, value]) => [name, JSON.stringify(value)])),
      workflows,
    );
    expect(liveChangeProblems(sourceLive, retitled)).toEqual([]);
    workflow.states['archived'] = { title: '已归档' };
    const grown = compileResourceFolder('sys-role', new Map([...files].map(([name, value]) => [name, JSON.stringify(value)])), workflows);
    expect(liveChangeProblems(sourceLive, grown)).toEqual([
      {
        file: 'resources/sys-role/workflow.json',
        pointer: '/states/archived',
        message: expect.stringContaining('它的模块按代码中的流转处理'),
      },
    ]);
  });

  it('lets lists come and go and their requests change, and aliases of the generic actions be added and removed (ADR 0042)', () => {
    const changed = candidate((files) => {
      const review = json<{ filters?: unknown[]; pageSize?: number }>(files, 'lists/review.list.json');
      review.filters = [];
      review.pageSize = 500;
      files.set('lists/newest.list.json', { ...json<Record<string, unknown>>(files, 'lists/review.list.json'), title: '最新需求' });
      const resource = json<{ aliases: { method: string; path: string; action: string; list?: string }[] }>(files, 'resource.json');
      resource.aliases = resource.aliases.filter((alias) => alias.path !== '/sys/person/need/queryNeedList');
      resource.aliases.push({ method: 'GET', path: '/sys/person/need/newest', action: 'list', list: 'newest' });
    });
    expect(liveChangeProblems(live, changed)).toEqual([]);
  });

  it('refuses a wider readership and an alias whose path is taken, each where it was made; a new summary and a repointed alias are live (ADRs 0049, 0051)', () => {
    const changed = candidate((files) => {
      files.set('lists/counted.list.json', {
        ...json<Record<string, unknown>>(files, 'lists/review.list.json'),
        summary: { field: 'needType', by: 'value' },
      });
      json<{ scope: string; accountMenu?: unknown }>(files, 'lists/mine.list.json').scope = 'all';
      delete json<{ accountMenu?: unknown }>(files, 'lists/mine.list.json').accountMenu;
      const resource = json<{ aliases: { method: string; path: string; action: string; list?: string }[] }>(files, 'resource.json');
      const mine = resource.aliases.find((alias) => alias.path === '/sys/person/need/queryMyNeedList');
      if (mine) mine.list = 'review';
      resource.aliases.push({ method: 'POST', path: '/sys/person/need/taken', action: 'detail' });
    });
    const problems = liveChangeProblems(live, changed, (alias) =>
      alias.path.endsWith('/taken') ? '这个路径已是接口 POST /api/x' : undefined,
    );
    expect(problems.map((problem) => [problem.file, problem.pointer])).toEqual([
      ['resources/need/resource.json', expect.stringMatching(/^\/aliases\/\d+\/path$/)],
      ['resources/need/lists/mine.list.json', '/scope'],
    ]);
    expect(problems.find((problem) => problem.pointer === '/scope')?.message).toContain('原来看不到这些记录的人');
  });

  it('refuses adding or removing x-personal on a live folder: the stored rows are sealed at a restart (ADR 0072)', () => {
    const record = (files: Map<string, unknown>) =>
      json<{ properties: Record<string, { type?: string; 'x-personal'?: string }> }>(files, 'record.schema.json');
    // 联系人 (contactName): a text no search, notice or mask uses.
    const field = 'contactName';
    const added = candidate((files) => {
      const node = record(files).properties[field];
      if (node) node['x-personal'] = 'phone';
    });
    const problems = liveChangeProblems(live, added);
    expect(problems.map((problem) => `${problem.file}#${problem.pointer}`)).toEqual([
      `resources/need/record.schema.json#/properties/${field}/x-personal`,
    ]);
    expect(problems[0]?.message).toContain('不能在线修改');
    // And back: the folder as published with it cannot lose it.
    expect(liveChangeProblems(added, live).map((problem) => problem.pointer)).toEqual([`/properties/${field}/x-personal`]);
  });
});
