import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import { beijingMonth, eventPhase, type EventPhase } from '../../../shared/rules/event-phase';
import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { formatDateTime } from '../../i18n/format-date-time';
import type { LayoutItemsProps } from './layout-item-props';
import { publicLayoutTexts } from './public-layout-texts';
import { RecordFacts, textOf } from './record-facts';

const PHASE_COLOURS: Record<EventPhase, string> = { upcoming: 'green', ongoing: 'blue', ended: 'default' };

/** Records in their order, cut where the Beijing month of their start changes (the server sends coming events first). */
function byMonth(records: readonly RecordView[], start: string): { month: string | undefined; records: RecordView[] }[] {
  const groups: { month: string | undefined; records: RecordView[] }[] = [];
  for (const record of records) {
    const month = beijingMonth(record.data[start]);
    const last = groups.at(-1);
    if (last && last.month === month) last.records.push(record);
    else groups.push({ month, records: [record] });
  }
  return groups;
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
  return (
    <div className="kc-agenda">
      {byMonth(records, start).map((group, index) => (
        <section
          key={`${group.month ?? 'none'}-${index}`}
          className="kc-agenda-month"
          aria-label={group.month ? texts.monthHeading(group.month) : texts.noDate}
        >
          <h3 className="kc-agenda-month-title">{group.month ? texts.monthHeading(group.month) : texts.noDate}</h3>
          <ol className="kc-agenda-items">
            {group.records.map((record) => {
              const from = textOf(record, start);
              const to = textOf(record, end);
              const phase = eventPhase(from, to, now);
              const summary = textOf(record, layout.summary);
              return (
                <li key={record.id} className={`kc-agenda-item${phase === 'ended' ? ' kc-agenda-ended' : ''}`}>
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
      ))}
    </div>
  );
}
