// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaDetail } from '../../../src/client/engine/schema-detail';
import type { ResourceDefinition } from '../../../src/shared/generated/resource-definition';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const definition: ResourceDefinition = {
  name: 'need',
  title: '科技需求',
  permission: 'need',
  owner: 'user',
  anonymousCreate: true,
  record: {
    type: 'object',
    properties: {
      needTitle: { type: 'string', title: '需求名称', 'x-order': 1 },
      contactName: { type: 'string', title: '联系人', 'x-order': 2 },
      contactPhone: { type: 'string', title: '联系电话', 'x-order': 3 },
    },
  },
  workflow: { initial: 'approved', states: { approved: { title: '已发布' } }, transitions: {} },
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

const record = (extra: Record<string, unknown>, data: Record<string, unknown>) => ({
  id: 'n1',
  resource: 'need',
  status: 'approved',
  version: 2,
  data,
  ownerName: null,
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
  editable: false,
  actions: [],
  history: [],
  ...extra,
});

describe('SchemaDetail of a public record read as a visitor (issue 30 item 6)', () => {
  it('lists only the fields the server sent (shownFields), not empty rows for the contact', async () => {
    api.getDefinition.mockResolvedValue(definition);
    api.getOne.mockResolvedValue(record({ shownFields: ['needTitle'] }, { needTitle: '风电叶片无损探伤机器人研制' }));
    renderWithProviders(<SchemaDetail resource="need" id="n1" can={() => false} />);
    expect(await screen.findByText('风电叶片无损探伤机器人研制')).toBeTruthy();
    expect(screen.getByText('需求名称')).toBeTruthy();
    expect(screen.queryByText('联系人')).toBeNull();
    expect(screen.queryByText('联系电话')).toBeNull();
  });

  it('lists every field for a reader sent the whole record', async () => {
    api.getDefinition.mockResolvedValue(definition);
    api.getOne.mockResolvedValue(record({}, { needTitle: '风电叶片无损探伤机器人研制', contactName: '周敏', contactPhone: '13600001111' }));
    renderWithProviders(<SchemaDetail resource="need" id="n1" can={() => false} />);
    expect(await screen.findByText('周敏')).toBeTruthy();
    expect(screen.getByText('联系电话')).toBeTruthy();
  });
});
