import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { fetchPolicyResolve, FIND_PROXY } from '../../policy-proxy/policy-proxy-api';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { ResolveCard } from '../../policy-proxy/resolve-card';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import '../../policy-proxy/policy-proxy.css';

/** /home/findproxy/lookDetail and moreListDetail?id=<policy>: a policy at a glance (article/policyResolve). */
export default function LookDetailPage() {
  const locale = useLocale();
  const texts = policyProxyTextsFor(locale);
  useProxyTitle(texts.lookDetail);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // No rule for this policy (or no such policy): said in place, not as an error.
  const resolve = useLoad(
    () =>
      fetchPolicyResolve(id).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    `${id}|${locale}`,
  );
  let body;
  if (resolve.failed) body = <Alert type="error" showIcon message={texts.loadFailed} action={<Button size="small" onClick={resolve.retry}>{texts.retry}</Button>} />;
  else if (resolve.value === undefined) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (resolve.value === null) body = <Result status="info" title={texts.noResolve} extra={<Link to={`${FIND_PROXY}/moreList`}><Button>{texts.resolves}</Button></Link>} />;
  else body = <ResolveCard resolve={resolve.value} texts={texts} linkToDetail={false} />;
  return (
    <div className="kc-portal kc-proxy">
      <h2>{texts.lookDetail}</h2>
      {body}
    </div>
  );
}
