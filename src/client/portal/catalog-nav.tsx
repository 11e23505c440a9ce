import { Link } from 'react-router-dom';
import type { Locale } from '../../shared/i18n/locale';
import type { Catalog } from './content-api';
import { articlesHref } from './article-links';

const nameOf = (catalog: Catalog, locale: Locale): string => (locale === 'en-US' && catalog.nameEn ? catalog.nameEn : catalog.name);

/**
 * The catalog tree (catalog/listTree) as links: a top catalog lists everything of its kind, a
 * sub-catalog its own items. The current one is marked for screen readers too.
 */
export function CatalogNav({
  catalogs,
  current,
  locale,
  allLabel,
}: {
  catalogs: Catalog[];
  current: { catalog?: string; kind?: string };
  locale: Locale;
  allLabel: string;
}) {
  const tops = catalogs.filter((catalog) => !catalog.parentName || !catalogs.some((other) => other.name === catalog.parentName));
  const isCurrent = (href: string): boolean => href === articlesHref(current);
  const link = (href: string, label: string) => (
    <Link to={href} aria-current={isCurrent(href) ? 'page' : undefined} className={isCurrent(href) ? 'kc-catalog-current' : undefined}>
      {label}
    </Link>
  );
  return (
    <ul className="kc-catalog-nav">
      <li>{link(articlesHref({}), allLabel)}</li>
      {tops.map((top) => (
        <li key={top.name}>
          {link(articlesHref({ kind: top.kind }), nameOf(top, locale))}
          <ul>
            {catalogs
              .filter((child) => child.parentName === top.name)
              .map((child) => (
                <li key={child.name}>{link(articlesHref({ catalog: child.name }), nameOf(child, locale))}</li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
