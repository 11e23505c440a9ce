import { describe, expect, it } from 'vitest';
import { checkActivityFolder } from '../../../src/shared/activity/check-activity-folder';
import { miniFiles } from '../fixtures/mini-activity';

type Mutable = Record<string, unknown> & {
  steps: Array<Record<string, unknown>>;
  window: Record<string, unknown>;
  properties: Record<string, Record<string, unknown>>;
};

function withChange(file: string, change: (value: Mutable) => void): Map<string, unknown> {
  const files = miniFiles();
  change(files.get(file) as Mutable);
  return files;
}

describe('checkActivityFolder: the manifest meta-schema', () => {
  it('accepts a good folder', () => {
    expect(checkActivityFolder('mini-fund', miniFiles())).toEqual([]);
  });

  it('names a missing manifest', () => {
    const files = miniFiles();
    files.delete('manifest.json');
    expect(checkActivityFolder('mini-fund', files)).toEqual([
      { file: 'manifest.json', pointer: '', message: '活动文件夹 "mini-fund" 缺少 manifest.json' },
    ]);
  });

  it.each([
    ['a missing title', (m: Mutable) => delete m['title'], '', '缺少必填属性 "title"'],
    ['an unknown key', (m: Mutable) => (m['deadline'] = '2026-12-31'), '', '不允许的属性 "deadline"'],
    ['a bad window date', (m: Mutable) => (m.window['closesAt'] = '2026-12-31'), '/window/closesAt', '不符合 date-time 格式'],
    ['a route the spec does not name', (m: Mutable) => (m.steps[0]!['route'] = 'company'), '/steps/0/route', '取值应为以下之一'],
    ['a step key in kebab case', (m: Mutable) => (m.steps[1]!['key'] = 'team-info'), '/steps/1/key', '不符合格式要求'],
  ])('reports %s with its pointer', (_name, change, pointer, message) => {
    const problems = checkActivityFolder('mini-fund', withChange('manifest.json', change));
    expect(problems).toContainEqual({ file: 'manifest.json', pointer, message: expect.stringContaining(message) as string });
  });

  it('checks the folder name, window order, duplicates and files', () => {
    const files = withChange('manifest.json', (m) => {
      m.window['closesAt'] = '2025-01-01T00:00:00+08:00';
      m.steps[1]!['resource'] = 'enterprise';
    });
    files.set('notes.json', {});
    const problems = checkActivityFolder('other-name', files).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'manifest.json#/id: id "mini-fund" 应与文件夹名 "other-name" 相同',
        'manifest.json#/window/closesAt: 截止时间 closesAt 应晚于开始时间 opensAt',
        'manifest.json#/steps/1/resource: resource "enterprise" 与第 1 步重复',
        'notes.json#: 该文件没有被 manifest.json 的 steps 引用（多余的文件请删除）',
      ]),
    );
  });

  it('names a step file that is missing', () => {
    const files = miniFiles();
    files.delete('team.schema.json');
    expect(checkActivityFolder('mini-fund', files)).toEqual([
      {
        file: 'manifest.json',
        pointer: '/steps/1/schema',
        message: '找不到步骤文件 "team.schema.json"（应与 manifest.json 放在同一文件夹）',
      },
    ]);
  });
});

describe('checkActivityFolder: step files', () => {
  it('reports a step $id that does not match the folder and key', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange('basic.schema.json', (s) => (s['$id'] = 'https://schemas.kechuang.local/activities/x/basic.schema.json')),
    );
    expect(problems).toContainEqual({
      file: 'basic.schema.json',
      pointer: '/$id',
      message: '$id 应为 "https://schemas.kechuang.local/activities/mini-fund/basic.schema.json"',
    });
  });

  it('passes on the form-schema checks, with typo suggestions', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange('basic.schema.json', (s) => (s.properties['name']!['maxlength'] = 5)),
    );
    expect(problems).toContainEqual({
      file: 'basic.schema.json',
      pointer: '/properties/name/maxlength',
      message: '未知的关键字 "maxlength"，是否想写 "maxLength"？（关键字区分大小写）',
    });
  });

  it('requires additionalProperties false on every object', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange('team.schema.json', (s) => delete (s.properties['members']!['items'] as Record<string, unknown>)['additionalProperties']),
    );
    expect(problems).toContainEqual({
      file: 'team.schema.json',
      pointer: '/properties/members/items',
      message: expect.stringContaining('additionalProperties') as string,
    });
  });

  it('reports a condition outside the supported subset at its pointer', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange('basic.schema.json', (s) => (s['if'] = { properties: { hasPatents: { const: true } } })),
    );
    expect(problems).toContainEqual({
      file: 'basic.schema.json',
      pointer: '/if/required',
      message: '条件字段 "hasPatents" 必须同时列在 if 的 required 中',
    });
  });

  it('reports a condition naming a field the object does not declare', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange('basic.schema.json', (s) => (s['then'] = { required: ['patentCont'] })),
    );
    expect(problems).toContainEqual({
      file: 'basic.schema.json',
      pointer: '/then/required/0',
      message: '条件中的字段 "patentCont" 没有在同一层的 properties 中定义',
    });
  });

  it('requires an upload field to be an array of file references with x-upload', () => {
    const problems = checkActivityFolder(
      'mini-fund',
      withChange(
        'basic.schema.json',
        (s) => (s.properties['licence'] = { type: 'array', title: '执照', 'x-component': 'Upload', items: { type: 'string' } }),
      ),
    );
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        '/properties/licence: 附件字段（Upload）缺少 x-upload（允许的类型 accept 和大小上限 maxSize）',
        '/properties/licence/items: 附件字段（Upload）的 items 应为 {"$ref": "https://schemas.kechuang.local/api/file-ref.schema.json"}',
      ]),
    );
  });

  it('refuses x-retired on a step: an activity retires in its manifest (ADR 0055)', () => {
    expect(
      checkActivityFolder(
        'mini-fund',
        withChange('basic.schema.json', (s) => (s['x-retired'] = true)),
      ),
    ).toContainEqual({
      file: 'basic.schema.json',
      pointer: '/x-retired',
      message: '申报步骤不能写 x-retired：停用申报活动请在 manifest.json 中写 "retired": true',
    });
  });

  it('allows x-unique on a top-level string and on a string column of a top-level table', () => {
    const row = (s: Mutable): Mutable => s.properties['members']!['items'] as Mutable;
    expect(
      checkActivityFolder(
        'mini-fund',
        withChange('team.schema.json', (s) => (row(s).properties['name']!['x-unique'] = true)),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'a number column',
      'basic.schema.json',
      (s: Mutable) => (s.properties['patentCount']!['x-unique'] = true),
      '/properties/patentCount/x-unique',
    ],
    ['a table itself', 'team.schema.json', (s: Mutable) => (s.properties['members']!['x-unique'] = true), '/properties/members/x-unique'],
    [
      'a table row',
      'team.schema.json',
      (s: Mutable) => ((s.properties['members']!['items'] as Mutable)['x-unique'] = true),
      '/properties/members/items/x-unique',
    ],
    [
      'a field of an object inside a row',
      'team.schema.json',
      (s: Mutable) =>
        ((s.properties['members']!['items'] as Mutable).properties['contact'] = {
          type: 'object',
          additionalProperties: false,
          properties: { email: { type: 'string', 'x-unique': true } },
        }),
      '/properties/members/items/properties/contact/properties/email/x-unique',
    ],
  ])('refuses x-unique anywhere else (%s)', (_name, file, change, pointer) => {
    expect(checkActivityFolder('mini-fund', withChange(file, change))).toContainEqual({
      file,
      pointer,
      message: 'x-unique 只能写在步骤顶层的文本（string）字段或顶层表格每行的文本字段上',
    });
  });
});
