import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useRouteError, type RouteObject } from 'react-router-dom';
import { STEP_ROUTES } from '../../shared/activity/activity-definition';
import { PERMISSION_IDS } from '../../shared/permissions/permission-ids';
import { RESOURCE_PAGE_BASE } from '../../shared/resource/resource-links';
import { RequireLogin } from '../activities/require-login';
import { lazyWithTimeout } from '../chunk/lazy-with-timeout';
import { MobileFrame } from '../layout/mobile-frame';
import { PortalFrame } from '../layout/portal-frame';
import type { PassportHandle } from '../passport/login-layout';
import type { PermissionHandle } from '../permissions/permission-handle';
import { RequirePermission } from '../permissions/require-permission';
import { CookieLoginLanding } from '../passport/cookie-login-landing';
import { guestOnlyLoader, requireTokenLoader } from '../session/route-guards';
import { SessionGuard } from '../session/session-guard';

// Each page is its own chunk (ARCHITECTURE.md: routes are split); a chunk that does not arrive in
// 120 s, or has no page in it, shows the load error with a retry instead (spec §8, §9).
// The login pages' own frame (antd Layout, Typography, the language switch) stays out of the first load of the portal's pages.
const LoginLayout = lazyWithTimeout(() => import('../passport/login-layout').then((module) => ({ default: module.LoginLayout })));
const HomePage = lazyWithTimeout(() => import('../pages/home-page'));
const UserLoginPage = lazyWithTimeout(() => import('../pages/login/user-login-page'));
const PassportLoginPage = lazyWithTimeout(() => import('../pages/login/passport-login-page'));
const ForgetPasswordPage = lazyWithTimeout(() => import('../pages/login/forget-password-page'));
const RegisterPage = lazyWithTimeout(() => import('../pages/login/register-page'));
const AccountCenterPage = lazyWithTimeout(() => import('../pages/account/account-center-page'));
const AccountSettingsPage = lazyWithTimeout(() => import('../pages/account/account-settings-page'));
const SecondFactorPage = lazyWithTimeout(() => import('../pages/account/second-factor-page'));
const NotificationsPage = lazyWithTimeout(() => import('../pages/account/notifications-page'));
const WorkbenchPage = lazyWithTimeout(() => import('../pages/workbench/workbench-page'));
const DashboardPage = lazyWithTimeout(() => import('../pages/dashboard/dashboard-page'));
const NotFoundPage = lazyWithTimeout(() => import('../pages/exception/not-found-page'));
const ForbiddenPage = lazyWithTimeout(() => import('../pages/exception/forbidden-page'));
const ServerErrorPage = lazyWithTimeout(() => import('../pages/exception/server-error-page'));
const ArticleListPage = lazyWithTimeout(() => import('../pages/portal/article-list-page'));
const ArticleDetailPage = lazyWithTimeout(() => import('../pages/portal/article-detail-page'));
const RecommendPage = lazyWithTimeout(() => import('../pages/portal/recommend-page'));
const SearchPage = lazyWithTimeout(() => import('../pages/search-page'));
const QuestionsPage = lazyWithTimeout(() => import('../pages/portal/questions-page'));
const AiAnswerPage = lazyWithTimeout(() => import('../pages/portal/ai-answer-page'));
const PoliciesInForcePage = lazyWithTimeout(() => import('../pages/portal/policies-in-force-page'));
const ActivitiesPage = lazyWithTimeout(() => import('../pages/activities/activities-page'));
const ApplicationFormPage = lazyWithTimeout(() => import('../pages/activities/application-form-page'));
const ApplicationViewPage = lazyWithTimeout(() => import('../pages/activities/application-view-page'));
const AuditDetailPage = lazyWithTimeout(() => import('../pages/integrity/audit-detail-page'));
const ResourceListPage = lazyWithTimeout(() => import('../pages/resources/resource-list-page'));
const ResourceDetailPage = lazyWithTimeout(() => import('../pages/resources/resource-detail-page'));
const ResourceFormPage = lazyWithTimeout(() => import('../pages/resources/resource-form-page'));
const ResourcePageAlias = lazyWithTimeout(() => import('../pages/resources/resource-page-alias'));
const SchemaStudioPage = lazyWithTimeout(() => import('../pages/content/schema-studio-page'));

const SPIN = <Spin style={{ display: 'block', margin: '30vh auto' }} />;

/** Every route's frame: the session rules (spec §4) and one fallback while a page chunk loads. */
function RootRoute() {
  return (
    <>
      <SessionGuard />
      {/* A single sign-on that came back through the cookie settles its unit and landing here (issue 31). */}
      <CookieLoginLanding />
      <Suspense fallback={SPIN}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * A data router catches a page's render error itself and would show its own developer screen;
 * thrown on, the error reaches AppErrorBoundary (app.tsx), the app's one "reload" prompt.
 */
function RethrowRouteError(): never {
  throw useRouteError();
}

// A user's applications belong to them: those pages need an account. The activity list is public
// (spec §1: visitors browse the activities; applying asks them to log in).
const member = (page: ReactNode): ReactNode => <RequireLogin>{page}</RequireLogin>;

// Spec §2/§4: a passport page, named for the login layout's header; a logged-in visitor goes to /.
const passport = (path: string, passportRoute: PassportHandle['passportRoute'], element: ReactNode): RouteObject => ({
  path,
  element,
  loader: guestOnlyLoader,
  handle: { passportRoute } satisfies PassportHandle,
});

// Spec §4: without a token, a page that needs login leads to the home route.
const account = (path: string, element: ReactNode): RouteObject => ({ path, element, loader: requireTokenLoader });

// Spec §6: a 科研诚信 page needs login and `<permissionId>.query`; without it, the 403 page. The
// handle is the page's own copy of its permission entry, for the action directive (permission-handle.ts).
const integrity = (path: string, permissionId: string, element: ReactNode): RouteObject => ({
  path,
  element: <RequirePermission check={`${permissionId}.query`}>{element}</RequirePermission>,
  loader: requireTokenLoader,
  handle: { permission: [permissionId] } satisfies PermissionHandle,
});

export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RethrowRouteError />,
    // Shown while a route's loader (a session guard) runs on the first load.
    hydrateFallbackElement: SPIN,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      {
        element: <LoginLayout />,
        children: [
          passport('/login', 'login', <PassportLoginPage variant="account" />),
          passport('/login/public_login', 'login', <PassportLoginPage variant="public" />),
          passport('/login/legalLogin', 'login', <PassportLoginPage variant="legal" />),
          passport('/login/forget', 'ForgetPassword', <ForgetPasswordPage />),
          passport('/login/register', 'register', <RegisterPage />),
          passport('/user/register', 'register', <RegisterPage />),
          passport('/user/login', 'userLogin', <UserLoginPage />),
        ],
      },
      // Spec §2's phone pages (/mobile/sign from an event's QR code …): folder pages in a frame of their own.
      { path: '/mobile', element: <MobileFrame />, children: [{ path: '*', element: <ResourcePageAlias /> }] },
      {
        element: <PortalFrame />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/privacyPolicy', Component: lazyWithTimeout(() => import('../pages/privacy-policy-page')) },
          // The portal's news and policies (issue 12): public, like /home.
          { path: '/home/articles', element: <ArticleListPage /> },
          { path: '/home/articles/detail', element: <ArticleDetailPage /> },
          { path: '/home/recominform', element: <RecommendPage /> },
          // Spec §2, §6: the portal's search, public (its call carries no token).
          { path: '/search', element: <SearchPage /> },
          // Spec §2: questions and their answers from the policies (pub/chatQuery), public.
          { path: '/home/questions', element: <QuestionsPage /> },
          { path: '/home/aianswer', element: <AiAnswerPage /> },
          // Spec §2: the policies in force, under the policy proxy, whose other pages are policy-rule's
          // matching pages (resource.json pages, read at run time below).
          { path: '/home/findproxy/science-innovation', element: <PoliciesInForcePage /> },
          { path: '/activities', element: <ActivitiesPage /> },
          { path: '/home/activities/applicationForm', element: member(<ApplicationFormPage />) },
          { path: '/home/activities/applicationFormGroup', element: member(<ApplicationViewPage />) },
          // Spec §2's step pages: each opens the step whose manifest `route` names it.
          ...STEP_ROUTES.map((route) => ({ path: `/home/activities/${route}`, element: member(<ApplicationFormPage route={route} />) })),
          account('/account', <Navigate to="/account/center" replace />),
          account('/account/center', <AccountCenterPage />),
          account('/account/settings', <AccountSettingsPage />),
          // 两步验证 (SECURITY R06, ADR 0067): enrol an authenticator, after a reset in account settings.
          account('/account/mfa', <SecondFactorPage />),
          // 消息中心 (issue 31 item 4): the notices the workflows sent the user; the header's bell leads here.
          account('/account/notifications', <NotificationsPage />),
          // 工作台 (issue 31): where staff land after login; an applicant's own waiting records too.
          account('/workbench', <WorkbenchPage />),
          // 统计看板 (issue 31 item 3): the dashboards the user may see and one's figures; the server counts only what they may read.
          account('/dashboards', <DashboardPage />),
          account('/dashboards/:name', <DashboardPage />),
          // 科研诚信 > 审核管理 and 操作日志 (list files of schemas/resources/application and audit-log; the generated menu's /integrity/audit, /integrity/log); 信用信息 and 整改记录 come later.
          integrity('/integrity/audit', PERMISSION_IDS.application, <ResourceListPage resource="application" list="review" />),
          integrity('/integrity/audit/detail', PERMISSION_IDS.application, <AuditDetailPage />),
          integrity('/integrity/log', PERMISSION_IDS.integrityLog, <ResourceListPage resource="audit-log" list="all" />),
          // 内容管理 > 表单设计 (issue 17): the schema studio, for holders of schemaStudio.query.
          integrity('/content/studio', PERMISSION_IDS.schemaStudio, <SchemaStudioPage />),
          // Every resource folder's pages (ADR 0010): its lists, a record's detail and its form. The
          // server decides who sees what; a page it refuses shows the refusal.
          account(`${RESOURCE_PAGE_BASE}/:resource/lists/:list`, <ResourceListPage />),
          account(`${RESOURCE_PAGE_BASE}/:resource/detail`, <ResourceDetailPage />),
          // Open to visitors: the form itself leads home unless the folder allows visitors to create.
          { path: `${RESOURCE_PAGE_BASE}/:resource/new`, element: <ResourceFormPage /> },
          account(`${RESOURCE_PAGE_BASE}/:resource/edit`, <ResourceFormPage />),
          // Spec §2: the exception pages; the catch-all below leads to /404.
          { path: '/403', element: <ForbiddenPage /> },
          { path: '/404', element: <NotFoundPage /> },
          { path: '/500', element: <ServerErrorPage /> },
          // A folder's page at a path of the spec (resource.json pages: /home/publish, 我的申报's
          // /activitiesFormList, the account area's lists, /home/findproxy), read at run time; anything else is /404.
          { path: '*', element: <ResourcePageAlias /> },
        ],
      },
    ],
  },
];

/**
 * The app's routes as a data router (`<RouterProvider router={createAppRouter()} />`): only a data
 * router lets the step form block in-app navigation while it has unsaved changes (useBlocker).
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(APP_ROUTES);
}
