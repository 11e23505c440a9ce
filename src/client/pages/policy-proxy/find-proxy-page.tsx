import { Alert, Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { fetchPolicyResolves, FIND_PROXY } from '../../policy-proxy/policy-proxy-api';
import { policyProxyTextsFor } from '../../policy-proxy/policy-proxy-texts';
import { ResolveCard } from '../../policy-proxy/resolve-card';
import { useProxyTitle } from '../../policy-proxy/use-proxy-title';
import '../../policy-proxy/policy-proxy.css';

const PREVIEW = 4;

/** /home/findproxy (spec §2): the way into the self-test, the policies at a glance and the policies in force. */
export default function FindProxyPage() {
  const texts = policyProxyTextsFor(useLocale());
  useProxyTitle(texts.findProxy);
  const resolves = useLoad(fetchPolicyResolves, 'resolves');
  const entries = [
    { href: `${FIND_PROXY}/self-test`, title: texts.selfTest, text: texts.selfTestEntry },
    { href: `${FIND_PROXY}/moreList`, title: texts.resolves, text: texts.resolvesEntry },
    { href: `${FIND_PROXY}/science-innovation`, title: texts.scienceInnovation, text: texts.scienceInnovationEntry },
    { href: `${FIND_PROXY}/moreProxy`, title: texts.moreProxy, text: texts.moreProxyIntro },
  ];
  let preview;
  if (resolves.failed) preview = <Alert type="error" showIcon message={texts.loadFailed} action={<Button size="small" onClick={resolves.retry}>{texts.retry}</Button>} />;
  else if (!resolves.value) preview = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (resolves.value.length === 0) preview = <Empty description={texts.empty} />;
  else preview = <div className="kc-resolve-list">{resolves.value.slice(0, PREVIEW).map((resolve) => <ResolveCard key={resolve.policyId} resolve={resolve} texts={texts} />)}</div>;
  return (
    <div className="kc-portal kc-proxy">
      <h2>{texts.findProxy}</h2>
      <p className="kc-proxy-intro">{texts.findProxyIntro}</p>
      <nav className="kc-proxy-entries" aria-label={texts.findProxy}>
        {entries.map((entry) => (
          <Link key={entry.href} to={entry.href} className="kc-proxy-entry">
            <strong>{entry.title}</strong>
            <span>{entry.text}</span>
          </Link>
        ))}
      </nav>
      <section aria-labelledby="kc-proxy-preview">
        <h3 id="kc-proxy-preview">
          {texts.resolves} <Link to={`${FIND_PROXY}/moreList`}>{texts.more}</Link>
        </h3>
        {preview}
      </section>
    </div>
  );
}
