import { Button, Empty, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n/locale-store';
import { exportMatches, storedMatch } from './matching-api';
import { EnginePageFrame, type EnginePageEntry } from '../engine-page-frame';
import { matchingTextsFor } from './matching-texts';
import { RuleCard } from './rule-card';

/**
 * A result page (page matches): the last answers' result in this tab (a reload keeps it), the rules
 * whose every condition they meet, open first, each with the conditions met; the export as an .xlsx
 * whose name ends with 文件, and the questionnaire again.
 */
export function MatchResultPage({
  page,
  resource,
  rulesLink,
}: {
  page: EnginePageEntry;
  resource: string;
  rulesLink: { path: string; title: string } | undefined;
}) {
  const texts = matchingTextsFor(useLocale());
  const [stored] = useState(() => storedMatch(resource));
  const [exporting, setExporting] = useState(false);
  const again = page.form && (
    <Link to={page.form}>
      <Button type={stored ? 'default' : 'primary'}>{stored ? texts.again : texts.start}</Button>
    </Link>
  );
  if (!stored) {
    return (
      <EnginePageFrame page={page}>
        <Empty description={texts.noResult}>{again}</Empty>
      </EnginePageFrame>
    );
  }
  const { answers, result } = stored;
  const download = async (): Promise<void> => {
    setExporting(true);
    try {
      await exportMatches(resource, answers);
    } finally {
      setExporting(false);
    }
  };
  return (
    <EnginePageFrame page={page}>
      <p role="status" className="kc-engine-page-intro">
        {texts.summary(result.checked, result.matched.length)}
      </p>
      <div className="kc-matching-actions">
        <Button type="primary" loading={exporting} onClick={() => void download()}>
          {texts.exportResult}
        </Button>
        {again}
        {rulesLink && (
          <Link to={rulesLink.path}>
            <Button>{rulesLink.title}</Button>
          </Link>
        )}
      </div>
      {result.matched.length === 0 ? (
        <Result status="info" title={texts.noMatch} />
      ) : (
        <div className="kc-rule-list">
          {result.matched.map((rule) => (
            <RuleCard key={rule.id} rule={rule} texts={texts} detail={page.detail} conditionsTitle={texts.conditionsMet} />
          ))}
        </div>
      )}
    </EnginePageFrame>
  );
}
