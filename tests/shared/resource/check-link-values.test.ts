import { describe, expect, it } from 'vitest';
import type { ResourceFile } from '../../../src/shared/generated/resource-file';
import { linkValueProblems } from '../../../src/shared/resource/check-link-values';
import type { ResourceFolderParts } from '../../../src/shared/resource/resource-folder-parts';

type Values = NonNullable<NonNullable<NonNullable<ResourceFile['pages']>[number]['links']>[number]['values']>;

const text = { type: 'string' };

function folders(values: Values, page: 'detail' | 'list' = 'detail', href = '/home/loan/apply'): Map<string, ResourceFolderParts> {
  const product = {
    name: 'product',
    resource: {
      name: 'product',
      title: '金融产品',
      permission: 'product',
      owner: 'user',
      visitors: { states: ['published'], fields: ['name'] },
      pages: [{ path: '/home/product', page, ...(page === 'list' ? { list: 'all' } : {}), links: [{ title: '申请', href, values }] }],
    },
    record: { type: 'object', properties: { name: text, contactPhone: text } },
  } as unknown as ResourceFolderParts;
  const loan = {
    name: 'loan',
    resource: { name: 'loan', title: '贷款', permission: 'loan', owner: 'user', pages: [{ path: '/home/loan/apply', page: 'new' }] },
    record: { type: 'object', properties: { productName: text, productId: text } },
  } as unknown as ResourceFolderParts;
  return new Map([
    ['product', product],
    ['loan', loan],
  ]);
}

const problemsOf = (all: Map<string, ResourceFolderParts>): string[] =>
  linkValueProblems(all.get('product') as ResourceFolderParts, all).map((problem) => `${problem.pointer}: ${problem.message}`);

describe('linkValueProblems', () => {
  it("accepts values naming the form's fields, from the record's id, a field visitors are sent, or a constant", () => {
    expect(problemsOf(folders({ productName: { field: 'name' }, productId: { field: 'id', fixed: false } }))).toEqual([]);
  });

  it('refuses a field the form does not have, a field the record does not have, and one visitors are not sent', () => {
    expect(
      problemsOf(folders({ productTitle: { field: 'name' }, productName: { field: 'title' }, productId: { field: 'contactPhone' } })),
    ).toEqual([
      '/pages/0/links/0/values/productTitle: "productTitle" 不是表单 /home/loan/apply（资源 "loan"）的 record.schema.json 顶层的属性',
      '/pages/0/links/0/values/productName/field: "title" 不是 record.schema.json 顶层的属性',
      '/pages/0/links/0/values/productId/field: 访客也看这个详情页：带入的字段 "contactPhone" 应列在 visitors.fields 中',
    ]);
  });

  it('refuses a value that is both a field and a constant, or neither', () => {
    expect(problemsOf(folders({ productName: { field: 'name', value: '贷款' }, productId: {} }))).toEqual([
      '/pages/0/links/0/values/productName: 带入的值写 field（取自本记录的字段）或 value（常量），二者只写一个',
      '/pages/0/links/0/values/productId: 带入的值写 field（取自本记录的字段）或 value（常量），二者只写一个',
    ]);
  });

  it('refuses values on a link that leads to no form, or under a page that is no detail page', () => {
    expect(problemsOf(folders({ productName: { field: 'name' } }, 'detail', '/home/financing/application_notes'))).toEqual([
      '/pages/0/links/0/href: /home/financing/application_notes 不是任何资源文件夹中 page 为 "new" 的表单页面，无法带入值',
    ]);
    expect(problemsOf(folders({ productName: { field: 'name' } }, 'list'))).toEqual([
      '/pages/0/links/0/values: 只有 page 为 "detail" 的页面的链接才写 values（从记录带入表单的值）',
    ]);
  });
});
