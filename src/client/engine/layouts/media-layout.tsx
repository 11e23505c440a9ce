import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format-date-time';
import { recordProperty } from '../../../shared/resource/list-fields';
import type { LayoutItemsProps } from './layout-item-props';
import { textOf } from './record-facts';
import { LongList } from './long-list';

/** layout media: news-like lines, each its title (the link), a two-line summary, and its date and source. */
export function MediaLayout({ records, layout, definition, hrefOf }: LayoutItemsProps) {
  const dateNode = layout.date === undefined ? undefined : recordProperty(definition.record, layout.date);
  const listRef = useRef<HTMLUListElement>(null);
  // A line with a two-line summary is about 130 px tall; the lines touch (their border parts them).
  return (
    <LongList listRef={listRef} options={{ count: records.length, estimate: 130, gap: 0 }}>
      {(shown) => (
        <ul className="kc-media" ref={listRef} style={shown.style}>
          {records.slice(shown.from, shown.to).map((record, offset) => {
            const summary = textOf(record, layout.summary);
            const date = textOf(record, layout.date);
            const source = textOf(record, layout.source);
            return (
              <li
                key={record.id}
                className="kc-media-item"
                {...(shown.virtual ? { ref: shown.measureRef, 'data-index': shown.from + offset, 'data-item': shown.from + offset } : {})}
              >
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
      )}
    </LongList>
  );
}
