// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Action } from '../../../src/client/permissions/action';
import { useAuth } from '../../../src/client/permissions/use-auth';
import { endSession, startSession } from '../../../src/client/session/session-store';
import { clearUserSession, setUserPermissions, setUserSession } from '../../../src/client/session/user-session-store';
import type { Permission } from '../../../src/shared/generated/permission';
import type { UserRoute } from '../../../src/shared/generated/user-route';
import { renderWithProviders } from '../helpers/render-with-providers';
import { integrityRoutes } from './integrity-routes';

const REVIEWER: Permission[] = [{ permissionId: 'application', actionList: ['query', 'get', 'update'] }];
// The integrity staff may list and open applications, not review them.
const INTEGRITY: Permission[] = [
  { permissionId: 'application', actionList: ['query', 'get'] },
  { permissionId: 'integrityCredit', actionList: ['add', 'delete', 'update', 'query', 'get', 'export'] },
];

beforeEach(() => {
  localStorage.clear();
  startSession('token-1');
});
afterEach(() => {
  cleanup();
  endSession();
  clearUserSession();
});

function logIn(permissions: Permission[], routes: readonly UserRoute[] = integrityRoutes()): void {
  setUserSession('token-1', { fullname: '李娜', roles: [{ id: 'role', name: '角色', permissions }] }, routes);
}

/** The element at `path`, in a data router like the app's; `handle` is the page route's own entry. */
function renderAt(path: string, element: ReactNode, handle?: { permission: string[] }): void {
  renderWithProviders(element, { path, handle });
}

const reviewButton = <button type="button">通过</button>;

describe('<Action>: the action directive (spec §6)', () => {
  it("renders its children when the route's permission entry grants the action", () => {
    logIn(REVIEWER);
    renderAt('/integrity/audit', <Action name="update">{reviewButton}</Action>);
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
  });

  it('removes them when the entry lacks the action (query and get only)', () => {
    logIn(INTEGRITY);
    renderAt(
      '/integrity/audit',
      <>
        <Action name="update">{reviewButton}</Action>
        <Action name="get">
          <a href="#detail">查看</a>
        </Action>
      </>,
    );
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    expect(screen.getByText('查看')).toBeTruthy();
  });

  it("checks the current route's entry, not any permission the user holds", () => {
    // integrityCredit grants update, but /integrity/audit's entry is application.
    logIn(INTEGRITY);
    renderAt('/integrity/audit', <Action name="update">{reviewButton}</Action>);
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    cleanup();
    renderAt('/integrity/credit', <Action name="update">{reviewButton}</Action>);
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
  });

  it("gives a page under a generated route (the audit detail) that route's entry", () => {
    logIn(REVIEWER);
    renderAt('/integrity/audit/detail?id=1', <Action name="update">{reviewButton}</Action>);
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
  });

  it('renders nothing on a route without an entry', () => {
    logIn(REVIEWER);
    renderAt('/home', <Action name="update">{reviewButton}</Action>);
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
  });

  it("falls back to the page route's own entry while the generated routes are not loaded (no unit chosen)", () => {
    setUserPermissions('token-1', { fullname: '李娜', roles: [{ id: 'reviewer', name: '审核人', permissions: REVIEWER }] });
    renderAt('/integrity/audit/detail', <Action name="update">{reviewButton}</Action>, { permission: ['application'] });
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
  });

  it('renders nothing before the permissions are loaded, and nothing once logged out', () => {
    renderAt('/integrity/audit', <Action name="update">{reviewButton}</Action>, { permission: ['application'] });
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
    act(() => logIn(REVIEWER));
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    act(() => endSession());
    expect(screen.queryByRole('button', { name: '通过' })).toBeNull();
  });

  it('takes an explicit permission="permissionId.action" instead of the route', () => {
    logIn(REVIEWER);
    renderAt(
      '/home',
      <>
        <Action permission="application.update">{reviewButton}</Action>
        <Action permission="application.export">
          <button type="button">导出</button>
        </Action>
        <Action permission="application">
          <button type="button">畸形</button>
        </Action>
      </>,
    );
    expect(screen.getByRole('button', { name: '通过' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    // A malformed check fails closed.
    expect(screen.queryByRole('button', { name: '畸形' })).toBeNull();
  });
});

function AuthProbe({ check }: { check: string }) {
  const auth = useAuth();
  return <span>{`${check}: ${String(auth(check))}`}</span>;
}

describe("useAuth(): spec §6's 'permissionId.action' check", () => {
  it("answers from the user's permissions, whatever the route", () => {
    logIn(INTEGRITY);
    renderAt(
      '/home',
      <>
        <AuthProbe check="application.get" />
        <AuthProbe check="application.update" />
      </>,
    );
    expect(screen.getByText('application.get: true')).toBeTruthy();
    expect(screen.getByText('application.update: false')).toBeTruthy();
  });
});
