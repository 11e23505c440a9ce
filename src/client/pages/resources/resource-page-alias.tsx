import { Spin } from 'antd';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { loginHref } from '../../activities/login-href';
import { lazyWithTimeout } from '../../chunk/lazy-with-timeout';
import { RequireLogin } from '../../activities/require-login';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { DonePage } from '../../engine/done-page';
import { ArticleDetail } from '../../engine/layouts/article-detail';
import { SchemaDetail } from '../../engine/schema-detail';
import { SchemaList } from '../../engine/schema-list';
import { useAuth } from '../../permissions/use-auth';
import { MATCHING_PAGE_KINDS, MatchingPage } from '../../engine/matching/matching-page';
import { hasAgreed } from '../../engine/notes-agreement';
import { ResourceNotesPage } from '../../engine/resource-notes-page';
import { SchemaRecordForm } from '../../engine/schema-record-form';
import { useResourcePages } from '../../engine/use-resource-pages';
import { getToken } from '../../session/session-store';

/**
 * Any path no fixed route claims: a resource folder's page placed there by resource.json `pages`
 * (spec §2's /home/publish is need's record form; /home/financing/application_notes a notes page;
 * /home/findproxy and its pages policy-rule's matching pages), read
 * at run time; otherwise the 404 page.
 */
// The map page brings the chart library: its own chunk, loaded only there.
const MapPage = lazyWithTimeout(() => import('../../engine/district-map/map-page').then((module) => ({ default: module.MapPage })));

export default function ResourcePageAlias() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const can = useAuth();
  const { pages, failed, retry } = useResourcePages();
  if (failed) return <LoadFailedAlert onRetry={retry} />;
  if (!pages) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages.pages.find((candidate) => candidate.path === path);
  if (!page) return <Navigate to="/404" replace />;
  const pageTitle = page.title ? { 'zh-CN': page.title, 'en-US': page.titleEn ?? page.title } : undefined;
  if (page.page === 'notes') return <ResourceNotesPage key={page.path} page={page} />;
  // A matching folder's pages are public, like its rules.
  if (MATCHING_PAGE_KINDS.includes(page.page)) return <MatchingPage key={page.path} page={page} pages={pages.pages} />;
  // A form that asks for its notes first (resource.json pages before) shows them until the user agrees.
  if (page.page === 'new' && page.before && !hasAgreed(page.before))
    // The address's values (carried by a link: the product a loan is for) come along through the notes.
    return <Navigate to={`${page.before}?next=${encodeURIComponent(page.path + search)}`} replace />;
  // A visitor on a form that needs an account sees it under 请先登录 (spec §1, §6), not the home page.
  if (page.page === 'new') {
    // Fields the page takes from the address (?eventId= from an event's QR code) join its fixed values.
    const fromQuery = Object.fromEntries(
      (page.query ?? []).flatMap((field) => (params.get(field) ? [[field, params.get(field) ?? '']] : [])),
    );
    const values = page.values || page.query ? { ...page.values, ...fromQuery } : undefined;
    return (
      <SchemaRecordForm
        key={page.path + search}
        resource={page.resource}
        signedIn={getToken() !== null}
        loginHref={loginHref(pathname + search)}
        {...(pageTitle ? { pageTitle } : {})}
        {...(values ? { values } : {})}
        {...(page.after ? { after: page.after } : {})}
        {...(page.query ? { hidden: page.query } : {})}
        {...(page.submit ? { submit: { 'zh-CN': page.submit, 'en-US': page.submitEn ?? page.submit } } : {})}
        {...(page.about ? { about: page.about } : {})}
        {...(page.submitMode ? { submitMode: page.submitMode } : {})}
        carries={[...Object.keys(page.values ?? {}), ...(page.query ?? [])]}
      />
    );
  }
  if (page.page === 'done') return <DonePage key={page.path} page={page} />;
  if (page.page === 'redirect' && page.to) return <Navigate to={page.to + search} replace />;
  // A page over records visitors may read (a list for visitors, a public folder's detail) needs no account.
  const account = (element: JSX.Element): JSX.Element => (page.public ? element : <RequireLogin>{element}</RequireLogin>);
  if (page.page === 'map') return account(<MapPage key={page.path} page={page} can={can} />);
  if (page.page === 'detail' && page.article)
    return account(
      <ArticleDetail key={page.path} resource={page.resource} id={params.get('id') ?? ''} article={page.article} links={page.links} />,
    );
  if (page.page === 'detail')
    return account(<SchemaDetail key={page.path} resource={page.resource} id={params.get('id') ?? ''} links={page.links} can={can} />);
  // A list shows the caller's or their unit's records: it needs an account, like every engine list, unless it is for visitors.
  return account(
    <SchemaList key={page.path} resource={page.resource} list={page.list ?? ''} can={can} {...(pageTitle ? { pageTitle } : {})} />,
  );
}
