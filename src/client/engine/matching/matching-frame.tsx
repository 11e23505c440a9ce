import { useEffect, type ReactNode } from 'react';
import type { ResourcePages } from '../../../shared/generated/resource-pages';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import './matching.css';

export type MatchingPageEntry = ResourcePages['pages'][number];

/** A matching page's heading, its intro and the browser tab's title, in the page's own words (resource.json pages). */
export function MatchingFrame({ page, children }: { page: MatchingPageEntry; children: ReactNode }) {
  const locale = useLocale();
  const english = locale === 'en-US';
  const title = (english ? page.titleEn : page.title) ?? page.title ?? '';
  const intro = english ? page.introEn : page.intro;
  const portalName = textsFor(locale).portalName;
  useEffect(() => {
    document.title = `${title} - ${portalName}`;
  }, [title, portalName]);
  return (
    <div className="kc-portal kc-matching">
      <h2>{title}</h2>
      {intro && <p className="kc-matching-intro">{intro}</p>}
      {children}
    </div>
  );
}
