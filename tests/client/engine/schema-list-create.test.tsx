// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaList } from '../../../src/client/engine/schema-list';
import type { ResourceDefinition } from '../../../src/shared/generated/resource-definition';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

/** A financing-like folder: 我的贷款 is its loans (where applyType loan), made on the loan form page. */
const definition = (createAction?: 'add'): ResourceDefinition => ({
  name: 'financing',
  title: '融资申请',
  permission: 'financing',
  owner: 'user',
  anonymousCreate: false,
  ...(createAction ? { createAction } : {}),
  record: {
    type: 'object',
    properties: { company: { type: 'string', title: '申请单位' }, applyType: { type: 'string', title: '申请类型' } },
  },
  workflow: { initial: 'draft', states: { draft: { title: '草稿', editable: true } }, transitions: {} },
  lists: {
    loan: { title: '我的贷款', scope: 'mine', where: { applyType: 'loan' }, columns: [{ field: 'company' }] },
    mine: { title: '我的申请', scope: 'mine', columns: [{ field: 'company' }] },
  },
});

const api = vi.hoisted(() => ({ getDefinition: vi.fn(), getList: vi.fn(), getPages: vi.fn() }));
vi.mock('../../../src/client/api/data-provider', () => ({ dataProvider: api }));
vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => ({})),
}));

beforeAll(() => {
  stubMatchMedia();
  api.getList.mockResolvedValue({ total: 0, records: [] });
  api.getPages.mockResolvedValue({
    pages: [
      { path: '/home/financing/financial_supermarket_apply', resource: 'financing', page: 'new', values: { applyType: 'loan' } },
      { path: '/home/financing/equity_apply', resource: 'financing', page: 'new', values: { applyType: 'equity' } },
    ],
    accountMenu: [],
  });
});
afterEach(cleanup);

describe("SchemaList's 新建 (issue 31 item 6)", () => {
  it("leads a mine list to the folder's form page whose values are its where", async () => {
    api.getDefinition.mockResolvedValue(definition());
    renderWithProviders(<SchemaList resource="financing" list="loan" can={() => false} />);
    // The folder's pages arrive after the list has drawn (each load renders as a transition).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '新建' }).getAttribute('href')).toBe('/home/financing/financial_supermarket_apply'),
    );
  });

  it('leads a list no form page matches to the generic form', async () => {
    api.getDefinition.mockResolvedValue(definition());
    renderWithProviders(<SchemaList resource="financing" list="mine" can={() => false} />);
    expect((await screen.findByRole('link', { name: '新建' })).getAttribute('href')).toBe('/resources/financing/new');
  });

  it('offers it only to those who may create, as the create route checks (createAction)', async () => {
    api.getDefinition.mockResolvedValue(definition('add'));
    renderWithProviders(<SchemaList resource="financing" list="loan" can={() => false} />);
    expect(await screen.findByRole('heading', { name: '我的贷款' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '新建' })).toBeNull();
    cleanup();
    renderWithProviders(<SchemaList resource="financing" list="loan" can={(check) => check === 'financing.add'} />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '新建' }).getAttribute('href')).toBe('/home/financing/financial_supermarket_apply'),
    );
  });
});
