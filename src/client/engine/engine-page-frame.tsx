import { useEffect, type ReactNode } from 'react';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import { registerPageTitle } from '../hooks/page-title-store';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import './engine-page-frame.css';

export type EnginePageEntry = ResourcePages['pages'][number];

/**
 * An engine page placed by resource.json pages: its heading and intro (unless bare: the page draws
 * them itself), and the browser tab's and the multi-tab bar's title, in the page's own words (zh-CN,
 * or its locale en-US).
 */
export function EnginePageFrame({ page, children, bare = false }: { page: EnginePageEntry; children: ReactNode; bare?: boolean }) {
  const locale = useLocale();
  const english = locale === 'en-US';
  const title = (english ? page.titleEn : page.title) ?? page.title ?? '';
  const intro = english ? page.introEn : page.intro;
  const portalName = textsFor(locale).portalName;
  useEffect(() => {
    registerPageTitle(page.path, { 'zh-CN': page.title ?? '', 'en-US': page.titleEn ?? page.title ?? '' });
    document.title = `${title} - ${portalName}`;
  }, [page, title, portalName]);
  return (
    <div className="kc-portal kc-engine-page">
      {!bare && <h2>{title}</h2>}
      {!bare && intro && <p className="kc-engine-page-intro">{intro}</p>}
      {children}
    </div>
  );
}
