import { Pagination } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { ArticleResults } from '../../portal/article-results';
import { fetchPolicies } from '../../portal/content-api';
import { portalTextsFor } from '../../portal/portal-texts';
import '../../portal/portal.css';

/** /home/findproxy/science-innovation: the policy documents in force (getPolicyOnOrEnd), newest first. */
export default function PoliciesInForcePage() {
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const portalName = textsFor(locale).portalName;
  useEffect(() => {
    document.title = `${texts.scienceInnovation} - ${portalName}`;
  }, [texts.scienceInnovation, portalName]);
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const policies = useLoad(() => fetchPolicies({ pageNo, pageSize: DEFAULT_PAGE_SIZE, validUntil: 'on' }), `in-force|${pageNo}|${locale}`);
  return (
    <div className="kc-portal">
      <h2>{texts.scienceInnovation}</h2>
      <p>{texts.scienceInnovationIntro}</p>
      <ArticleResults
        load={policies}
        texts={texts}
        footer={(page) => (
          <Pagination
            current={pageNo}
            pageSize={DEFAULT_PAGE_SIZE}
            total={page.total}
            showSizeChanger={false}
            onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        )}
      />
    </div>
  );
}
