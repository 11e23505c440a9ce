import { describe, expect, it } from 'vitest';
import type { UserRoute } from '../../../src/shared/generated/user-route';
import { routePermissionIds } from '../../../src/client/permissions/route-permission-ids';
import { integrityRoutes } from './integrity-routes';

describe("routePermissionIds: the current route's permission entry (spec §6)", () => {
  it("takes the matching route's meta.permission", () => {
    expect(routePermissionIds('/integrity/audit', integrityRoutes())).toEqual(['application']);
    expect(routePermissionIds('/integrity/credit', integrityRoutes())).toEqual(['integrityCredit']);
  });

  it("gives a page under a route (the detail under its list) the nearest parent path's entry", () => {
    expect(routePermissionIds('/integrity/audit/detail', integrityRoutes())).toEqual(['application']);
    // A path that merely starts with the same letters is not under it.
    expect(routePermissionIds('/integrity/auditing', integrityRoutes())).toBeUndefined();
  });

  it('walks up the tree when the matching route has no entry of its own', () => {
    const routes: UserRoute[] = [
      {
        id: 'r',
        parentId: '0',
        name: 'r',
        path: '/r',
        component: 'RouteView',
        meta: { title: 'R', permission: ['parent'] },
        children: [{ id: 'c', parentId: 'r', name: 'c', path: '/r/c', component: 'C', meta: { title: 'C' } }],
      },
    ];
    expect(routePermissionIds('/r/c', routes)).toEqual(['parent']);
  });

  it('has no entry for a route the tree does not hold, or one without any permission up the tree', () => {
    expect(routePermissionIds('/home', integrityRoutes())).toBeUndefined();
    expect(routePermissionIds('/integrity', integrityRoutes())).toBeUndefined();
    // The server left the audit page out (no application.query): the menu root covers it, but grants nothing.
    expect(routePermissionIds('/integrity/audit', integrityRoutes(['credit']))).toBeUndefined();
    expect(routePermissionIds('/integrity/audit', [])).toBeUndefined();
  });
});
