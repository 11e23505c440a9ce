import { Link } from 'react-router-dom';
import type { PortalTexts } from './portal-texts';
import { articlesHref, RECOMMEND_PATH } from './article-links';

/** The portal's services, one tile each. */
export function ServiceEntries({ texts }: { texts: PortalTexts }) {
  const entries = [
    { href: '/activities', label: texts.serviceActivities },
    { href: articlesHref({ kind: 'policy' }), label: texts.servicePolicies },
    { href: RECOMMEND_PATH, label: texts.serviceRecommend },
    { href: '/home/findproxy', label: texts.serviceFindProxy },
    { href: '/home/questions', label: texts.serviceQuestions },
    { href: '/home/publish', label: texts.servicePublish },
    { href: '/home/policy-advice-form', label: texts.serviceAdvice },
    { href: '/home/quote-form-demo', label: texts.serviceQuote },
  ];
  return (
    <nav aria-label={texts.services} className="kc-service-entries">
      {entries.map((entry) => (
        <Link key={entry.href} to={entry.href} className="kc-service-entry">
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}
