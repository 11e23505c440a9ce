import { Tag } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { beijingMonth, eventPhase, type EventPhase } from '../../../shared/rules/event-phase';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { formatDateTime } from '../../i18n/format-date-time';
import type { LayoutItemsProps } from './layout-item-props';
import { publicLayoutTexts } from './public-layout-texts';
import { RecordFacts, textOf } from './record-facts';
import { LongList } from './long-list';

const PHASE_COLOURS: Record<EventPhase, string> = { upcoming: 'green', ongoing: 'blue', ended: 'default' };

interface MonthGroup {
  month: string | undefined;
  /** The index of the group's first record in the page. */
  first: number;
  records: RecordView[];
}

/** Records in their order, cut where the Beijing month of their start changes (the server sends coming events first). */
function byMonth(records: readonly RecordView[], start: string): MonthGroup[] {
  const groups: MonthGroup[] = [];
  records.forEach((record, index) => {
    const month = beijingMonth(record.data[start]);
    const last = groups.at(-1);
    if (last && last.month === month) last.records.push(record);
    else groups.push({ month, first: index, records: [record] });
  });
  return groups;
}

// The items' gap (.kc-agenda-items).
const ITEM_GAP = 12;

/**
 * An agenda item's height as the window counts it: a month's first item carries its month's heading (and
 * the space before it) above it, so the rows' sum is the agenda's real height.
 */
function itemHeight(element: Element): number {
  const height = element.getBoundingClientRect().height;
  const section = element.closest('.kc-agenda-month');
  if (!(element instanceof HTMLElement) || element.dataset['monthStart'] === undefined || !section) return height;
  const above = element.getBoundingClientRect().top - section.getBoundingClientRect().top;
  return height + above - (element.dataset['index'] === '0' ? 0 : ITEM_GAP);
}

function weekday(value: string, locale: Locale): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'Asia/Shanghai' }).format(ms);
}

/** "2026-12-05 09:30 ~ 11:30" in Beijing time; the end's date only when it falls on another day. */
function timeRange(start: string, end: string): string {
  const from = formatDateTime(start);
  if (!end) return from;
  const to = formatDateTime(end);
  return to.slice(0, 10) === from.slice(0, 10) ? `${from} ~ ${to.slice(11)}` : `${from} ~ ${to}`;
}

/**
 * layout agenda: events grouped by the Beijing month they start in, each with its date, time, key facts and
 * its phase now (报名中 / 进行中 / 已结束, one shared function: shared/rules/event-phase).
 */
export function AgendaLayout({ records, layout, definition, dictOptions, locale, hrefOf }: LayoutItemsProps) {
  const texts = publicLayoutTexts(locale);
  const start = layout.start ?? '';
  const end = layout.end ?? start;
  const now = new Date();
  const listRef = useRef<HTMLDivElement>(null);
  const groups = byMonth(records, start);
  // An event with its facts is about 170 px tall at a phone's width.
  return (
    <LongList listRef={listRef} options={{ count: records.length, estimate: 170, gap: ITEM_GAP, measure: itemHeight }}>
      {(shown) => (
        <div className={`kc-agenda${shown.virtual ? ' kc-agenda-virtual' : ''}`} ref={listRef} style={shown.style}>
          {groups.map((group, index) => {
            // In a long agenda only the drawn events' months are drawn; a month whose first event is above the
            // drawn ones keeps its heading for assistive technology, out of the layout.
            const drawn = group.records
              .map((record, offset) => ({ record, index: group.first + offset }))
              .filter((item) => item.index >= shown.from && item.index < shown.to);
            if (drawn.length === 0) return null;
            const headed = group.first >= shown.from;
            return (
              <section
                key={`${group.month ?? 'none'}-${index}`}
                className={`kc-agenda-month${shown.virtual && headed && group.first > 0 ? ' kc-agenda-month-later' : ''}`}
                aria-label={group.month ? texts.monthHeading(group.month) : texts.noDate}
              >
                <h3 className={`kc-agenda-month-title${headed ? '' : ' kc-visually-hidden'}`}>
                  {group.month ? texts.monthHeading(group.month) : texts.noDate}
                </h3>
                <ol className="kc-agenda-items">
                  {drawn.map(({ record, index: at }) => {
                    const from = textOf(record, start);
                    const to = textOf(record, end);
                    const phase = eventPhase(from, to, now);
                    const summary = textOf(record, layout.summary);
                    return (
                      <li
                        key={record.id}
                        className={`kc-agenda-item${phase === 'ended' ? ' kc-agenda-ended' : ''}`}
                        {...(shown.virtual ? { ref: shown.measureRef, 'data-index': at, 'data-item': at } : {})}
                        {...(shown.virtual && at === group.first ? { 'data-month-start': '' } : {})}
                      >
                        <div className="kc-agenda-date" aria-hidden="true">
                          <span className="kc-agenda-day">{formatDateTime(from, '').slice(8, 10)}</span>
                          <span className="kc-agenda-weekday">{weekday(from, locale)}</span>
                        </div>
                        <div className="kc-agenda-body">
                          <h4 className="kc-agenda-title">
                            <Link to={hrefOf(record)}>{textOf(record, layout.title)}</Link>
                            {phase && (
                              <Tag color={PHASE_COLOURS[phase]} className={`kc-agenda-phase kc-agenda-${phase}`}>
                                {texts[phase]}
                              </Tag>
                            )}
                          </h4>
                          <p className="kc-agenda-time">
                            <time dateTime={from}>{timeRange(from, to)}</time>
                          </p>
                          {summary && <p className="kc-agenda-summary">{summary}</p>}
                          <RecordFacts
                            fields={layout.facts ?? []}
                            record={record}
                            definition={definition}
                            dictOptions={dictOptions}
                            locale={locale}
                          />
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </section>
            );
          })}
        </div>
      )}
    </LongList>
  );
}
