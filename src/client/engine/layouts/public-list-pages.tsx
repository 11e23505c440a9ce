import { useLocale } from '../../i18n/locale-store';
import { pageWindow } from './page-window';
import { publicLayoutTexts } from './public-layout-texts';

export interface PublicListPagesProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange: (pageNo: number) => void;
}

/**
 * A public list's page numbers: a nav of buttons in antd Pagination's look (public-layouts.css). Not
 * antd's Pagination, which brings its Select (for the page size, which a visitor's list does not
 * offer) and 34 KB of script to every list page on a phone (issue 33).
 */
export function PublicListPages({ pageNo, pageSize, total, onChange }: PublicListPagesProps) {
  const texts = publicLayoutTexts(useLocale());
  const last = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, pageNo), last);
  return (
    <nav className="kc-public-list-pages" aria-label={texts.pagesLabel}>
      <ul className="kc-pager">
        <li>
          <button type="button" className="kc-pager-step" disabled={current === 1} onClick={() => onChange(current - 1)}>
            <span aria-hidden="true">‹</span> {texts.previousPage}
          </button>
        </li>
        {pageWindow(current, last).map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} className="kc-pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <button
                type="button"
                className={slot === current ? 'kc-pager-page kc-pager-current' : 'kc-pager-page'}
                aria-current={slot === current ? 'page' : undefined}
                aria-label={texts.pageNumber(slot)}
                onClick={() => slot !== current && onChange(slot)}
              >
                {slot}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="kc-pager-step" disabled={current === last} onClick={() => onChange(current + 1)}>
            {texts.nextPage} <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
