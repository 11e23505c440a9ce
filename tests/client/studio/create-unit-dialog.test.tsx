// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateUnitDialog } from '../../../src/client/studio/create-unit-dialog';
import { studioTextsFor } from '../../../src/client/studio/studio-texts';
import type { StudioUnitSummary } from '../../../src/shared/generated';
import type { NewUnitKind } from '../../../src/client/studio/use-creatable-kinds';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const api = vi.hoisted(() => ({ createUnit: vi.fn() }));
vi.mock('../../../src/client/studio/studio-api', () => api);

const UNITS: StudioUnitSummary[] = [
  {
    kind: 'activity',
    name: 'tiny-grant',
    path: 'activities/tiny-grant',
    title: '小微创新券申领',
    problems: [],
    version: 'a'.repeat(64),
    canPublish: true,
  },
  {
    kind: 'form',
    name: 'message',
    path: 'forms/message.schema.json',
    title: '在线留言',
    problems: [],
    version: 'b'.repeat(64),
    canPublish: true,
  },
];

beforeAll(() => stubMatchMedia());
beforeEach(() => {
  vi.clearAllMocks();
  api.createUnit.mockResolvedValue({
    unit: {
      kind: 'activity',
      name: 'green-grant',
      path: 'activities/green-grant',
      title: '绿色创新券',
      problems: [],
      files: {},
      version: 'c'.repeat(64),
      live: true,
    },
    message: '已新建',
  });
});
afterEach(cleanup);

function open(onCreated = vi.fn(), kinds: readonly NewUnitKind[] = ['activity', 'form', 'dictionary']) {
  renderWithProviders(
    <CreateUnitDialog
      open
      kinds={kinds}
      units={UNITS}
      texts={studioTextsFor('zh-CN')}
      locale="zh-CN"
      onClose={vi.fn()}
      onCreated={onCreated}
    />,
  );
  return onCreated;
}

describe('CreateUnitDialog: 新建 in the studio (ADR 0040)', () => {
  it('explains the name, refuses a bad or taken one before sending, and sends a blank activity', async () => {
    const onCreated = open();
    expect(screen.getByText(/activities\/<名称>\//)).toBeTruthy();
    const name = screen.getByLabelText('名称');
    fireEvent.change(name, { target: { value: 'Bad_Name' } });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '绿色创新券' } });
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    expect(await screen.findByText('名称不符合上面的要求')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'tiny-grant' } });
    expect(await screen.findByText('这个名称已被使用')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'green-grant' } });
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'green-grant' })));
    expect(api.createUnit).toHaveBeenCalledWith({ kind: 'activity', name: 'green-grant', title: '绿色创新券', from: { blank: true } });
  });

  it('sends a form copied from an existing one', async () => {
    open();
    fireEvent.click(screen.getByLabelText('表单'));
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'feedback' } });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '意见反馈' } });
    fireEvent.click(screen.getByLabelText('复制已有的'));
    const select = await screen.findByRole('combobox', { name: '复制已有的' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('在线留言（message）'));
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    await waitFor(() =>
      expect(api.createUnit).toHaveBeenCalledWith({ kind: 'form', name: 'feedback', title: '意见反馈', from: { copy: 'message' } }),
    );
  });

  it('sends a blank dictionary under a code with underscores, offering no templates (ADR 0046)', async () => {
    open();
    fireEvent.click(screen.getByLabelText('字典'));
    expect(screen.getByText(/dicts\/<编码>\.json/)).toBeTruthy();
    expect(screen.queryByLabelText('模板')).toBeNull();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'fund_kind' } });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '资金类型' } });
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    await waitFor(() =>
      expect(api.createUnit).toHaveBeenCalledWith({ kind: 'dictionary', name: 'fund_kind', title: '资金类型', from: { blank: true } }),
    );
  });

  it('offers a record type only when the server creates one, with its three workflow templates', async () => {
    open();
    expect(screen.queryByLabelText('记录类型')).toBeNull();
    cleanup();
    // The server's creatable kinds hold 'resource' once its side is merged; until then its type does not name it.
    open(vi.fn(), ['activity', 'resource'] as readonly string[] as readonly NewUnitKind[]);
    fireEvent.click(screen.getByLabelText('记录类型'));
    expect(screen.getByLabelText('发布：草稿→已发布')).toBeTruthy();
    expect(screen.getByLabelText('审核：草稿→待审核→通过/退回修改')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('两级审核：单位审核→主管部门审核'));
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'site-visit' } });
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '实地核查' } });
    fireEvent.click(screen.getByRole('button', { name: /^新\s?建$/ }));
    await waitFor(() =>
      expect(api.createUnit).toHaveBeenCalledWith({
        kind: 'resource',
        name: 'site-visit',
        title: '实地核查',
        from: { template: 'two-level-review' },
      }),
    );
  });
});
