// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaDetail } from '../../../src/client/engine/schema-detail';
import type { ResourceDefinition } from '../../../src/shared/generated/resource-definition';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const definition: ResourceDefinition = {
  name: 'credit',
  title: '信用信息',
  permission: 'integrityCredit',
  owner: 'user',
  anonymousCreate: false,
  record: { type: 'object', properties: { subjectName: { type: 'string', title: '主体名称' } } },
  workflow: {
    initial: 'effective',
    states: { effective: { title: '有效' } },
    transitions: { revoke: { title: '撤销', from: ['effective'], to: 'effective', actor: 'reviewer', permission: 'update' } },
  },
  lists: {},
};

const api = vi.hoisted(() => ({ getDefinition: vi.fn(), getOne: vi.fn() }));
vi.mock('../../../src/client/api/data-provider', () => ({ dataProvider: api }));
vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => ({})),
}));

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('SchemaDetail and a tampered record (SECURITY R34)', () => {
  it('warns that the record failed its integrity check and offers nothing to do', async () => {
    api.getDefinition.mockResolvedValue(definition);
    api.getOne.mockResolvedValue({
      id: 'r1',
      resource: 'credit',
      status: 'effective',
      version: 2,
      data: { subjectName: '孙某' },
      ownerName: '王强',
      createdAt: '2026-11-25T01:00:00Z',
      updatedAt: '2026-11-25T01:00:00Z',
      editable: false,
      actions: [],
      integrity: 'TAMPERED',
      history: [],
    });
    renderWithProviders(<SchemaDetail resource="credit" id="r1" can={() => true} />);
    expect(await screen.findByText(/该记录的完整性校验未通过，可能已被篡改/)).toBeTruthy();
    expect(screen.getByText('孙某')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤销' })).toBeNull();
  });
});
