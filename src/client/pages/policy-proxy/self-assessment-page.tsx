import { Button, Empty, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { exportSelfTest, FIND_PROXY, storedSelfTest } from '../../policy-proxy/policy-proxy-api';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { ResolveCard } from '../../policy-proxy/resolve-card';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import '../../policy-proxy/policy-proxy.css';

/**
 * /home/findproxy/self-assessment: the last self-test's result (kept for this tab, so a reload keeps
 * it): the policies whose every condition the answers meet, open first, each with the conditions
 * met, and the export as an .xlsx whose name ends with 文件.
 */
export default function SelfAssessmentPage() {
  const texts = policyProxyTextsFor(useLocale());
  useProxyTitle(texts.selfAssessment);
  const [stored] = useState(storedSelfTest);
  const [exporting, setExporting] = useState(false);

  if (!stored) {
    return (
      <div className="kc-portal kc-proxy">
        <h2>{texts.selfAssessment}</h2>
        <Empty description={texts.noAssessment}>
          <Link to={`${FIND_PROXY}/self-test`}>
            <Button type="primary">{texts.startSelfTest}</Button>
          </Link>
        </Empty>
      </div>
    );
  }
  const { answers, result } = stored;
  const download = async (): Promise<void> => {
    setExporting(true);
    try {
      await exportSelfTest(answers);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="kc-portal kc-proxy">
      <h2>{texts.selfAssessment}</h2>
      <p role="status" className="kc-proxy-intro">
        {texts.assessmentSummary(result.checked, result.matched.length)}
      </p>
      <div className="kc-proxy-actions">
        <Button type="primary" loading={exporting} onClick={() => void download()}>
          {texts.exportResult}
        </Button>
        <Link to={`${FIND_PROXY}/self-test`}>
          <Button>{texts.retest}</Button>
        </Link>
        <Link to={`${FIND_PROXY}/moreList`}>
          <Button>{texts.resolves}</Button>
        </Link>
      </div>
      {result.matched.length === 0 ? (
        <Result status="info" title={texts.noMatch} />
      ) : (
        <div className="kc-resolve-list">
          {result.matched.map((resolve) => (
            <ResolveCard key={resolve.policyId} resolve={resolve} texts={texts} conditionsTitle={texts.conditionsMet} />
          ))}
        </div>
      )}
    </div>
  );
}
