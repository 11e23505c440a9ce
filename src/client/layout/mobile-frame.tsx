import { Outlet } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import './mobile-frame.css';

/**
 * The frame of the pages opened on a phone at an event (spec §2 /mobile/…: from the venue's QR code):
 * the portal's name and the page, one column, no sidebar, tabs or message board.
 */
export function MobileFrame() {
  const texts = textsFor(useLocale());
  return (
    <div className="kc-mobile">
      <header className="kc-mobile-header">
        <span className="kc-mobile-mark" aria-hidden="true">
          科
        </span>
        <span className="kc-mobile-name">{texts.portalName}</span>
      </header>
      <main className="kc-mobile-main">
        <Outlet />
      </main>
    </div>
  );
}
