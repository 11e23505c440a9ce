import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format-date-time';
import { recordProperty } from '../../../shared/resource/list-fields';
import type { LayoutItemsProps } from './layout-item-props';
import { textOf } from './record-facts';

/** layout media: news-like lines, each its title (the link), a two-line summary, and its date and source. */
export function MediaLayout({ records, layout, definition, hrefOf }: LayoutItemsProps) {
  const dateNode = layout.date === undefined ? undefined : recordProperty(definition.record, layout.date);
  return (
    <ul className="kc-media">
      {records.map((record) => {
        const summary = textOf(record, layout.summary);
        const date = textOf(record, layout.date);
        const source = textOf(record, layout.source);
        return (
          <li key={record.id} className="kc-media-item">
            <h3 className="kc-media-title">
              <Link to={hrefOf(record)}>{textOf(record, layout.title)}</Link>
            </h3>
            {summary && <p className="kc-media-summary">{summary}</p>}
            {(date || source) && (
              <p className="kc-media-meta">
                {date && <time dateTime={date}>{dateNode?.format === 'date-time' ? formatDateTime(date) : date}</time>}
                {source && <span>{source}</span>}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
