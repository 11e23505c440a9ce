// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../src/client/api/api-error';
import { SchemaRecordForm } from '../../../src/client/engine/schema-record-form';
import type { ResourceDefinition } from '../../../src/shared/generated/resource-definition';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

/** A folder whose records start as drafts, sent by the owner's 提交申请 (like financing and check-in). */
const definition = (submitMode: ResourceDefinition['submitMode']): ResourceDefinition => ({
  name: 'lab',
  title: '实验室预约',
  permission: 'lab',
  owner: 'user',
  anonymousCreate: false,
  ...(submitMode ? { submitMode } : {}),
  record: {
    type: 'object',
    required: ['labName'],
    properties: { labName: { type: 'string', title: '实验室', maxLength: 20 }, lender: { type: 'string', title: '放款机构' } },
  },
  workflow: {
    initial: 'draft',
    states: { draft: { title: '草稿', editable: true, private: true }, pending: { title: '待审核' } },
    transitions: {
      submit: { title: '提交申请', from: ['draft'], to: 'pending', actor: 'owner' },
      approve: { title: '审核通过', from: ['pending'], to: 'pending', actor: 'reviewer' },
    },
  },
  lists: {},
});

const view = (status: string, version: number) => ({
  id: 'r1',
  resource: 'lab',
  status,
  version,
  data: { labName: '激光实验室' },
  ownerName: '王强',
  createdAt: '2026-11-29T01:00:00Z',
  updatedAt: '2026-11-29T01:00:00Z',
  editable: status === 'draft',
  actions: [],
});

/** Where a refused 提交审核 lands: the saved draft's edit page. */
function EditPage() {
  const [params] = useSearchParams();
  return <p data-testid="edit-page">{params.get('id')}</p>;
}

const api = vi.hoisted(() => ({ getDefinition: vi.fn(), create: vi.fn(), transition: vi.fn(), getOne: vi.fn() }));
vi.mock('../../../src/client/api/data-provider', () => ({ dataProvider: api }));
vi.mock('../../../src/client/api/dict-api', () => ({
  // Nothing has arrived before the first render: each form loads its dictionaries.
  arrivedDictOptions: () => undefined,
  loadDictOptions: vi.fn(async () => ({})),
}));

beforeAll(() => stubMatchMedia());
beforeEach(() => {
  vi.clearAllMocks();
  api.create.mockResolvedValue({ record: view('draft', 1), message: '保存成功' });
  api.transition.mockResolvedValue({ record: view('pending', 2), message: '操作成功' });
});
afterEach(cleanup);

describe('SchemaRecordForm says what it does (resource.json submitMode)', () => {
  it('draft: 保存草稿 beside 提交审核, which checks everything before anything is sent', async () => {
    api.getDefinition.mockResolvedValue(definition('draft'));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />);
    expect(await screen.findByRole('button', { name: '保存草稿' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    // The buttons can be drawn before the fields under a loaded machine: click once the field is there.
    await screen.findByPlaceholderText('请输入实验室');
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    // A required field left empty: nothing is sent, the field says why.
    expect(await screen.findByText('请输入')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
    expect(api.transition).not.toHaveBeenCalled();
  });

  it("draft: 提交审核 saves, then takes the owner's submit transition from the saved version", async () => {
    api.getDefinition.mockResolvedValue(definition('draft'));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />);
    fireEvent.change(await screen.findByPlaceholderText('请输入实验室'), { target: { value: '激光实验室' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(api.transition).toHaveBeenCalledWith('lab', 'submit', 'r1', 1, undefined));
    expect(api.create).toHaveBeenCalledWith('lab', { labName: '激光实验室' });
  });

  it('draft: a refused transition keeps the saved draft and reopens its form, not a new one', async () => {
    api.getDefinition.mockResolvedValue(definition('draft'));
    api.transition.mockRejectedValue(new ApiError('当前状态不允许该操作', 409, 409, []));
    api.getOne.mockResolvedValue({ ...view('draft', 1), history: [] });
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />, {
      routes: [{ path: '/resources/lab/edit', element: <EditPage /> }],
    });
    fireEvent.change(await screen.findByPlaceholderText('请输入实验室'), { target: { value: '激光实验室' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByTestId('edit-page')).toBeTruthy();
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('draft: 保存草稿 saves and takes no transition', async () => {
    api.getDefinition.mockResolvedValue(definition('draft'));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />);
    fireEvent.change(await screen.findByPlaceholderText('请输入实验室'), { target: { value: '激光实验室' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith('lab', { labName: '激光实验室' }));
    expect(api.transition).not.toHaveBeenCalled();
  });

  it('submit: one button 提交 that sends; without submitMode the one button still says 保存', async () => {
    api.getDefinition.mockResolvedValue(definition('submit'));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />);
    fireEvent.change(await screen.findByPlaceholderText('请输入实验室'), { target: { value: '激光实验室' } });
    expect(screen.queryByRole('button', { name: '保存草稿' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(api.transition).toHaveBeenCalledWith('lab', 'submit', 'r1', 1, undefined));
    cleanup();
    api.getDefinition.mockResolvedValue(definition(undefined));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn />);
    expect(await screen.findByRole('button', { name: '保存' })).toBeTruthy();
  });

  it('shows a value a link carried as fixed read-only, and one it only filled in as an input', async () => {
    api.getDefinition.mockResolvedValue(definition('draft'));
    renderWithProviders(<SchemaRecordForm resource="lab" signedIn carries={[]} />, {
      path: '/home/lab/apply?labName=%E6%BF%80%E5%85%89%E5%AE%9E%E9%AA%8C%E5%AE%A4&lender=%E6%B1%9F%E5%9F%8E%E9%93%B6%E8%A1%8C&_fixed=labName',
    });
    expect(await screen.findByText('激光实验室')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入实验室')).toBeNull();
    expect((screen.getByPlaceholderText('请输入放款机构') as HTMLInputElement).value).toBe('江城银行');
  });
});
