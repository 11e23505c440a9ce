import { Link } from 'react-router-dom';
import type { Locale } from '../../shared/i18n/locale';
import type { SiteNavigation } from '../../shared/generated/site-navigation';

/**
 * The portal's services, one tile each, from the site's navigation (schemas/site/navigation.json
 * tiles). `label` names the landmark: the home page's 服务入口, or the studio's preview of it.
 */
export function ServiceEntries({ tiles, label, locale }: { tiles: SiteNavigation['tiles']; label: string; locale: Locale }) {
  const english = locale === 'en-US';
  return (
    <nav aria-label={label} className="kc-service-entries">
      {tiles.map((tile) => (
        <Link key={tile.path} to={tile.path} className="kc-service-entry">
          <span className="kc-service-entry-title">{english ? tile.titleEn : tile.title}</span>
          <span className="kc-service-entry-text">{english ? tile.textEn : tile.text}</span>
        </Link>
      ))}
    </nav>
  );
}
