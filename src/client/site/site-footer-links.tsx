import { Link } from 'react-router-dom';
import type { Locale } from '../../shared/i18n/locale';
import type { SiteNavigation } from '../../shared/generated/site-navigation';
import './site-navigation.css';

/**
 * The footer's columns of links (schemas/site/navigation.json footer): a site map above the
 * commission's line, so that every public section is one click from any page.
 */
export function SiteFooterLinks({ groups, locale, label }: { groups: SiteNavigation['footer']; locale: Locale; label: string }) {
  if (groups.length === 0) return null;
  const title = (entry: { title: string; titleEn: string }): string => (locale === 'en-US' ? entry.titleEn : entry.title);
  return (
    <nav className="kc-site-map" aria-label={label}>
      {groups.map((group) => (
        <section key={group.title} className="kc-site-map-group">
          <h2>{title(group)}</h2>
          <ul>
            {group.children.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{title(link)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
