import { Pagination } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import { ArticleResults } from '../../portal/article-results';
import { fetchPolicies } from '../../portal/content-api';
import { portalTextsFor } from '../../portal/portal-texts';
import '../../policy-proxy/policy-proxy.css';
import '../../portal/portal.css';

/** /home/findproxy/science-innovation: the policy documents in force (getPolicyOnOrEnd), newest first. */
export default function ScienceInnovationPage() {
  const locale = useLocale();
  const texts = policyProxyTextsFor(locale);
  useProxyTitle(texts.scienceInnovation);
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const policies = useLoad(() => fetchPolicies({ pageNo, pageSize: DEFAULT_PAGE_SIZE, validUntil: 'on' }), `in-force|${pageNo}|${locale}`);
  return (
    <div className="kc-portal kc-proxy">
      <h2>{texts.scienceInnovation}</h2>
      <p className="kc-proxy-intro">{texts.scienceInnovationIntro}</p>
      <ArticleResults
        load={policies}
        texts={portalTextsFor(locale)}
        footer={(page) => <Pagination current={pageNo} pageSize={DEFAULT_PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />}
      />
    </div>
  );
}
