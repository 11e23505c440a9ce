import { Spin } from 'antd';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { loginHref } from '../../activities/login-href';
import { trackPageChunk } from '../../chunk/first-page-settled';
import { lazyWithTimeout } from '../../chunk/lazy-with-timeout';
import { RequireLogin } from '../../activities/require-login';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useAuth } from '../../permissions/use-auth';
import { MATCHING_PAGE_KINDS } from '../../engine/matching/matching-page-kinds';
import { hasAgreed } from '../../engine/notes-agreement';
import { useResourcePages } from '../../engine/use-resource-pages';
import { getToken } from '../../session/session-store';
import { withoutTrailingSlash } from '../../../shared/site/without-trailing-slash';

/**
 * Any path no fixed route claims: a resource folder's page placed there by resource.json `pages`
 * (spec §2's /home/publish is need's record form; /home/financing/application_notes a notes page;
 * /home/findproxy and its pages policy-rule's matching pages), read
 * at run time; otherwise the 404 page.
 */
// Each kind of page is a chunk of its own (issue 33): a visitor's list page does not download the record
// form (Formily, its checks), the matching pages or the map's chart library with it.
const MapPage = lazyWithTimeout(() => import('../../engine/district-map/map-page').then((module) => ({ default: module.MapPage })));
// Most pages placed by resource.json are lists: their chunk is asked for as this one runs, alongside the
// pages' own request, rather than after it (a module is fetched once, whoever imports it).
const listModule = () => import('../../engine/schema-list');
trackPageChunk(listModule()).catch(() => undefined);
const SchemaList = lazyWithTimeout(() => listModule().then((module) => ({ default: module.SchemaList })));
const SchemaDetail = lazyWithTimeout(() => import('../../engine/schema-detail').then((module) => ({ default: module.SchemaDetail })));
const ArticleDetail = lazyWithTimeout(() =>
  import('../../engine/layouts/article-detail').then((module) => ({ default: module.ArticleDetail })),
);
const SchemaRecordForm = lazyWithTimeout(() =>
  import('../../engine/schema-record-form').then((module) => ({ default: module.SchemaRecordForm })),
);
const MatchingPage = lazyWithTimeout(() =>
  import('../../engine/matching/matching-page').then((module) => ({ default: module.MatchingPage })),
);
const ResourceNotesPage = lazyWithTimeout(() =>
  import('../../engine/resource-notes-page').then((module) => ({ default: module.ResourceNotesPage })),
);
const DonePage = lazyWithTimeout(() => import('../../engine/done-page').then((module) => ({ default: module.DonePage })));

export default function ResourcePageAlias() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const can = useAuth();
  const { pages, failed, retry } = useResourcePages();
  if (failed) return <LoadFailedAlert onRetry={retry} />;
  if (!pages) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
  const path = withoutTrailingSlash(pathname);
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
