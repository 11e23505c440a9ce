// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    companyName: { type: 'string', title: '企业名称', maxLength: 50, 'x-order': 1 },
    remark: { type: 'string', title: '补充说明', maxLength: 200, 'x-order': 2 },
  },
};

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});
afterEach(() => cleanup());

describe('a read-only view of an empty value', () => {
  it('says 未填写 in Chinese, never N/A', async () => {
    render(
      <SchemaForm
        form={createForm({ readPretty: true, initialValues: { companyName: '星河智能装备有限公司' } })}
        schema={schema}
        locale="zh-CN"
      />,
    );
    await screen.findByText('星河智能装备有限公司');
    expect(screen.getByText('未填写')).toBeTruthy();
    expect(screen.queryByText('N/A')).toBeNull();
  });

  it('says Not provided in English', async () => {
    render(<SchemaForm form={createForm({ readPretty: true, initialValues: { companyName: 'Xinghe' } })} schema={schema} locale="en-US" />);
    await screen.findByText('Xinghe');
    expect(screen.getByText('Not provided')).toBeTruthy();
    expect(screen.queryByText('N/A')).toBeNull();
  });
});
