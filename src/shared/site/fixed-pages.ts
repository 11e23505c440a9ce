/**
 * Who may open a page: anyone (`open`), only a logged-in user (`account`: without a token the page
 * leads home, spec §4), or only a visitor (`guest`: the login pages send a logged-in user to /).
 */
export type PageAccess = 'open' | 'account' | 'guest';

/**
 * The client's own pages at fixed paths (src/client/router/app-routes.tsx), for the checks of the
 * navigation file: a menu entry, tile or footer link must lead to one of these or to a resource
 * folder's page (resource.json pages). A client test holds this list and the route table together.
 */
export const FIXED_PAGES: Readonly<Record<string, PageAccess>> = {
  '/home': 'open',
  '/privacyPolicy': 'open',
  '/home/articles': 'open',
  '/home/articles/detail': 'open',
  '/home/recominform': 'open',
  '/search': 'open',
  '/home/questions': 'open',
  '/home/aianswer': 'open',
  '/home/findproxy/science-innovation': 'open',
  '/activities': 'open',
  '/403': 'open',
  '/404': 'open',
  '/500': 'open',
  '/login': 'guest',
  '/login/public_login': 'guest',
  '/login/legalLogin': 'guest',
  '/login/forget': 'guest',
  '/login/register': 'guest',
  '/user/register': 'guest',
  '/user/login': 'guest',
  '/home/activities/applicationForm': 'account',
  '/home/activities/applicationFormGroup': 'account',
  '/account': 'account',
  '/account/center': 'account',
  '/account/settings': 'account',
  '/account/mfa': 'account',
  '/account/notifications': 'account',
  '/workbench': 'account',
  '/dashboards': 'account',
  '/integrity/audit': 'account',
  '/integrity/audit/detail': 'account',
  '/integrity/log': 'account',
  '/content/studio': 'account',
};
