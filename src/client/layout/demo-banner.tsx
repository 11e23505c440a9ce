import { useLocale } from '../i18n/locale-store';
import { layoutTextsFor } from './layout-texts';
import './demo-banner.css';

/** The server marks index.html when it holds demo accounts (spa-static.ts). */
function isDemoEnvironment(): boolean {
  return document.querySelector('meta[name="kc-environment"]')?.getAttribute('content') === 'demo';
}

/**
 * 演示环境: the demo accounts' password is public, so nobody should mistake the demo for the real
 * portal and type real data into it. Fixed and click-through, so it never moves or covers a control.
 */
export function DemoBanner() {
  const texts = layoutTextsFor(useLocale());
  if (!isDemoEnvironment()) return null;
  return (
    <div className="kc-demo-banner" role="note" aria-label={texts.demoBannerLabel}>
      {texts.demoBanner}
    </div>
  );
}
