// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leavesPage, StepLeaveGuard } from '../../../../src/client/activities/step-form/step-leave-guard';
import { textsFor } from '../../../../src/client/i18n/texts';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

const texts = textsFor('zh-CN');

// The confirm that is open now: in happy-dom a closed antd modal keeps its leave animation, and stays.
const openConfirm = async (): Promise<HTMLElement> =>
  waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.kc-leave-confirm')].filter(
      (modal) => !modal.classList.contains('ant-zoom-leave'),
    );
    if (open.length !== 1) throw new Error(`${open.length} open leave confirms`);
    return open[0]!;
  });
const button = (scope: HTMLElement, name: string): HTMLElement => {
  const found = [...scope.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

function renderGuarded(props: { dirty: boolean; saving: boolean; flush: () => Promise<boolean> }) {
  const { router } = renderWithProviders(
    <>
      <Link to="/activitiesFormList">我的申报</Link>
      <Link to="/form#top">本页</Link>
      <StepLeaveGuard {...props} texts={texts} />
    </>,
    { path: '/form', routePath: '/form', routes: [{ path: '/activitiesFormList', element: <p>申报列表</p> }] },
  );
  return router;
}

beforeAll(() => {
  stubMatchMedia();
});
afterEach(() => cleanup());

describe('StepLeaveGuard under a data router', () => {
  it('asks before leaving unsaved changes: 留在此页 stays, 离开 saves what it can and goes', async () => {
    const flush = vi.fn(async () => false);
    const router = renderGuarded({ dirty: true, saving: false, flush });

    await act(async () => fireEvent.click(screen.getByText('我的申报')));
    const first = await openConfirm();
    expect(first.textContent).toContain('离开此页面？');
    expect(first.textContent).toContain('您有尚未保存的修改，离开后这些修改可能丢失。');
    await act(async () => fireEvent.click(button(first, '留在此页')));
    expect(router.state.location.pathname).toBe('/form');
    expect(flush).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByText('我的申报')));
    await act(async () => fireEvent.click(button(await openConfirm(), '离开')));
    await screen.findByText('申报列表');
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('waits for a save already on its way instead of asking, when that leaves nothing unsaved', async () => {
    const flush = vi.fn(async () => true);
    renderGuarded({ dirty: false, saving: true, flush });
    await act(async () => fireEvent.click(screen.getByText('我的申报')));
    await screen.findByText('申报列表');
    expect(flush).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.kc-leave-confirm')).toBeNull();
  });

  it('asks after all when that save did not go through', async () => {
    const router = renderGuarded({ dirty: false, saving: true, flush: async () => false });
    await act(async () => fireEvent.click(screen.getByText('我的申报')));
    expect((await openConfirm()).textContent).toContain('离开此页面？');
    expect(router.state.location.pathname).toBe('/form');
  });

  it('lets everything through with nothing unsaved, and never blocks a move within the page', async () => {
    const flush = vi.fn(async () => true);
    const router = renderGuarded({ dirty: false, saving: false, flush });
    await act(async () => fireEvent.click(screen.getByText('我的申报')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activitiesFormList'));
    expect(flush).not.toHaveBeenCalled();

    expect(leavesPage({ pathname: '/form', search: '?a=1' }, { pathname: '/form', search: '?a=1' })).toBe(false);
    expect(leavesPage({ pathname: '/form', search: '?a=1' }, { pathname: '/form', search: '?a=2' })).toBe(true);
  });
});
