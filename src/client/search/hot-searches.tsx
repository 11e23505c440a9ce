import { Link } from 'react-router-dom';
import type { HotSearch } from '../../shared/generated/hot-search';
import './search.css';
import { searchHref } from './search-api';

/** The hot searches as links to their results. */
export function HotSearchLinks({ items, label }: { items: HotSearch[]; label: string }) {
  return (
    <ul className="kc-hot-searches" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.keyword}>
          <Link to={searchHref(item.keyword)}>
            <span className={index < 3 ? 'kc-hot-rank kc-hot-rank-top' : 'kc-hot-rank'} aria-hidden="true">
              {index + 1}
            </span>
            {item.keyword}
          </Link>
        </li>
      ))}
    </ul>
  );
}
