import { describe, expect, it } from 'vitest';
import type { ResourceListFile } from '../../../src/shared/generated/resource-list-file';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import { listColumns, listFilters, listRequestSchema } from '../../../src/shared/resource/list-fields';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { labBookingFiles } from './lab-booking-folder';

const files = labBookingFiles();
const record = files.get('record.schema.json') as JsonSchema;
const workflow = files.get('workflow.json') as WorkflowFile;
const review = files.get('lists/review.list.json') as ResourceListFile;
const mine = files.get('lists/mine.list.json') as ResourceListFile;

describe('list file → columns', () => {
  it('titles columns from the record schema and the system fields, in both languages', () => {
    expect(listColumns(review, record, 'zh-CN').map((column) => [column.field, column.title, column.kind])).toEqual([
      ['subject', '预约事项', 'text'],
      ['ownerName', '提交人', 'text'],
      ['field', '技术领域', 'dict'],
      ['status', '状态', 'status'],
      ['updatedAt', '更新时间', 'dateTime'],
    ]);
    expect(listColumns(review, record, 'en-US').map((column) => column.title)).toEqual([
      'Subject',
      'Submitted by',
      'Technology field',
      'Status',
      'Updated',
    ]);
    expect(listColumns(review, record, 'zh-CN')[2]).toMatchObject({ dict: 'tech_field', sortable: false });
    expect(listColumns(review, record, 'zh-CN')[0]).toMatchObject({ link: true, sortable: true });
  });
});

describe('list file → filters and the request schema', () => {
  it('derives a select for the status and a dictionary, a text search for a string', () => {
    expect(listFilters(review, record, workflow, 'zh-CN')).toEqual([
      { field: 'status', title: '状态', match: 'equals', type: 'string', options: ['submitted', 'returned', 'approved', 'rejected'] },
      { field: 'field', title: '技术领域', match: 'equals', type: 'string', dict: 'tech_field' },
      { field: 'instrument', title: '仪器名称', match: 'contains', type: 'string' },
    ]);
  });

  it('accepts the page request with the filters, sorting by the allowlist only (SECURITY R21)', () => {
    const validate = createAjv().compile(listRequestSchema(mine, record, workflow));
    expect(validate({ pageNo: 2, pageSize: 10, sortField: 'hours', sortOrder: 'ascend', status: 'draft', subject: '质谱' })).toBe(true);
    expect(validate({ sortField: 'contactPhone' })).toBe(false);
    expect(validate({ sortField: 'data->>x; drop table records' })).toBe(false);
    expect(validate({ pageSize: 101 })).toBe(false);
    expect(validate({ status: 'archived' })).toBe(false);
    expect(validate({ owner: 'someone' })).toBe(false);
  });
});
