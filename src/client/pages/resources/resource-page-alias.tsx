import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import { RequireLogin } from '../../activities/require-login';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SchemaList } from '../../engine/schema-list';
import { SchemaRecordForm } from '../../engine/schema-record-form';
import { useResourcePages } from '../../engine/use-resource-pages';
import { getToken } from '../../session/session-store';

/**
 * Any path no fixed route claims: a resource folder's page placed there by resource.json `pages`
 * (spec §2's /home/publish is need's record form), read at run time; otherwise the 404 page.
 */
export default function ResourcePageAlias() {
  const { pathname } = useLocation();
  const { pages, failed, retry } = useResourcePages();
  if (failed) return <LoadFailedAlert onRetry={retry} />;
  if (!pages) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages.pages.find((candidate) => candidate.path === path);
  if (!page) return <Navigate to="/404" replace />;
  const pageTitle = page.title ? { 'zh-CN': page.title, 'en-US': page.titleEn ?? page.title } : undefined;
  if (page.page === 'new') return <SchemaRecordForm key={page.path} resource={page.resource} signedIn={getToken() !== null} {...(pageTitle ? { pageTitle } : {})} />;
  // A list shows the caller's or their unit's records: it needs an account, like every engine list.
  return (
    <RequireLogin>
      <SchemaList key={page.path} resource={page.resource} list={page.list ?? ''} />
    </RequireLogin>
  );
}
