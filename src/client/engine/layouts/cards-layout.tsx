import { Tag } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { recordProperty } from '../../../shared/resource/list-fields';
import type { DictOptions } from '../dict-option';
import type { LayoutItemsProps } from './layout-item-props';
import { RecordFacts, textOf } from './record-facts';
import { RecordImage } from './record-image';
import { LongList } from './long-list';

/** A dictionary field's value (one key or several) as its labels. */
function tagLabels(value: unknown, dict: string | undefined, dictOptions: DictOptions): string[] {
  const keys = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const options = dict ? dictOptions[dict] : undefined;
  return keys.map((key) => options?.find((option) => option.value === key)?.label ?? String(key));
}

/** layout cards: a grid of cards, each an image, its title (the link to the detail), a short text, key facts and tags. */
export function CardsLayout({ records, layout, definition, dictOptions, locale, hrefOf }: LayoutItemsProps) {
  const tagNode = layout.tags === undefined ? undefined : recordProperty(definition.record, layout.tags);
  const listRef = useRef<HTMLUListElement>(null);
  // A card with an image is about 420 px tall at a phone's width; the grid's gap is 16 px (public-layouts.css).
  return (
    <LongList listRef={listRef} options={{ count: records.length, estimate: 420, gap: 16, grid: true }}>
      {(shown) => (
        <ul className="kc-cards" ref={listRef} style={shown.style}>
          {records.slice(shown.from, shown.to).map((record, offset) => {
            const index = shown.from + offset;
            // The first card of each row is measured: the grid stretches it to its row's height.
            const rowStart = shown.virtual && index % shown.columns === 0;
            const title = textOf(record, layout.title);
            const summary = textOf(record, layout.summary);
            const tags = layout.tags === undefined ? [] : tagLabels(record.data[layout.tags], tagNode?.['x-dict'], dictOptions);
            return (
              <li
                key={record.id}
                className="kc-card"
                {...(shown.virtual ? { 'data-item': index } : {})}
                {...(rowStart ? { ref: shown.measureRef, 'data-index': index / shown.columns } : {})}
              >
                {layout.image !== undefined && (
                  <RecordImage value={record.data[layout.image]} title={title} className="kc-card-image" first={index === 0} />
                )}
                <div className="kc-card-body">
                  <h3 className="kc-card-title">
                    <Link to={hrefOf(record)}>{title}</Link>
                  </h3>
                  {summary && <p className="kc-card-summary">{summary}</p>}
                  <RecordFacts
                    fields={layout.facts ?? []}
                    record={record}
                    definition={definition}
                    dictOptions={dictOptions}
                    locale={locale}
                  />
                  {tags.length > 0 && (
                    <div className="kc-card-tags">
                      {tags.map((tag) => (
                        <Tag key={tag} color="blue" bordered={false}>
                          {tag}
                        </Tag>
                      ))}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </LongList>
  );
}
