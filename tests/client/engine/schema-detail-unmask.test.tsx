// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaDetail } from '../../../src/client/engine/schema-detail';
import type { Permission } from '../../../src/shared/generated/permission';
import type { ResourceDefinition } from '../../../src/shared/generated/resource-definition';
import { hasPermission } from '../../../src/shared/permissions/has-permission';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const definition: ResourceDefinition = {
  name: 'credit',
  title: '信用信息',
  permission: 'integrityCredit',
  owner: 'user',
  anonymousCreate: false,
  record: {
    type: 'object',
    properties: {
      subjectName: { type: 'string', title: '主体名称' },
      idNumber: { type: 'string', title: '身份证号码', 'x-mask': 'idNumber' },
    },
  },
  workflow: { initial: 'effective', states: { effective: { title: '有效' } }, transitions: {} },
  lists: {},
};

const record = (idNumber: string) => ({
  id: 'r1',
  resource: 'credit',
  status: 'effective',
  version: 2,
  data: { subjectName: '孙某', idNumber },
  ownerName: '王强',
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
  editable: false,
  actions: [],
  history: [],
});

const api = vi.hoisted(() => ({ getDefinition: vi.fn(), getOne: vi.fn() }));
const unmask = vi.hoisted(() => ({ fetchUnmaskedFields: vi.fn() }));
vi.mock('../../../src/client/api/data-provider', () => ({ dataProvider: api }));
vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => ({})),
}));
vi.mock('../../../src/client/engine/fetch-unmasked-fields', () => unmask);

beforeAll(() => stubMatchMedia());
beforeEach(() => {
  api.getDefinition.mockResolvedValue(definition);
  unmask.fetchUnmaskedFields.mockReset();
});
afterEach(cleanup);

function showAs(permissions: Permission[]): void {
  renderWithProviders(<SchemaDetail resource="credit" id="r1" can={(check) => hasPermission(permissions, check)} />);
}

describe('SchemaDetail and masked personal numbers (SECURITY R35)', () => {
  it('offers a holder of unmask the full value in place, saying the view is audited', async () => {
    api.getOne.mockResolvedValue(record('420106********331X'));
    unmask.fetchUnmaskedFields.mockResolvedValue({ fields: { idNumber: '42010619850412331X' }, tables: {} });
    showAs([{ permissionId: 'integrityCredit', actionList: ['query', 'get', 'unmask'] }]);
    const button = await screen.findByRole('button', { name: '查看完整信息' });
    expect(screen.getByText('此次查看将记入审计日志')).toBeTruthy();
    expect(screen.getByText('420106********331X')).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByText('42010619850412331X')).toBeTruthy();
    expect(unmask.fetchUnmaskedFields).toHaveBeenCalledWith('credit', 'r1');
    expect(screen.queryByRole('button', { name: '查看完整信息' })).toBeNull();
    expect(screen.getByText('此次查看将记入审计日志')).toBeTruthy();
  });

  it('offers nothing without unmask, nor when the value is already in full (the owner’s)', async () => {
    api.getOne.mockResolvedValue(record('420106********331X'));
    showAs([{ permissionId: 'integrityCredit', actionList: ['query', 'get'] }]);
    expect(await screen.findByText('420106********331X')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看完整信息' })).toBeNull();
    cleanup();
    api.getOne.mockResolvedValue(record('42010619850412331X'));
    showAs([{ permissionId: 'integrityCredit', actionList: ['query', 'get', 'unmask'] }]);
    expect(await screen.findByText('42010619850412331X')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看完整信息' })).toBeNull();
  });

  it('keeps the masked value and says so when the view fails', async () => {
    api.getOne.mockResolvedValue(record('420106********331X'));
    unmask.fetchUnmaskedFields.mockRejectedValue(new Error('network'));
    showAs([{ permissionId: 'integrityCredit', actionList: ['get', 'unmask'] }]);
    fireEvent.click(await screen.findByRole('button', { name: '查看完整信息' }));
    expect(await screen.findByText('未能获取完整信息，请稍后重试')).toBeTruthy();
    expect(screen.getByText('420106********331X')).toBeTruthy();
    // Pressable again (the loading icon's leave animation never ends in happy-dom, so found by its text).
    expect(screen.getByText('查看完整信息').closest('button')?.className).not.toContain('ant-btn-loading');
  });
});
