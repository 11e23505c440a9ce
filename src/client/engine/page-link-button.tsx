import { Button, Space, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import { nextWindowChange, withinTargetWindow } from '../../shared/resource/within-target-window';
import type { RecordDetail } from '../api/data-provider';
import { useLocale } from '../i18n/locale-store';
import { carriedValuesHref } from './carried-values-href';

/**
 * A button under a record's detail as the pages route sends it (resource.json pages links): {id} and
 * {field} filled from the record, and the values it carries into the form it opens (link values); `window` when another folder's target window governs it (an event's
 * 我要报名 by event-signup's: open until the event starts).
 */
export type PageLink = NonNullable<ResourcePages['pages'][number]['links']>[number];

// setTimeout waits at most 2^31 − 1 ms (about 24.8 days); a later change is looked for again then.
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The clock a link's window is judged by: now, and again each time the window opens or closes, so a
 * page left open past an event's start shows 我要报名 closed without a reload.
 */
function useWindowClock(link: PageLink, data: Readonly<Record<string, unknown>>): Date {
  const [now, setNow] = useState(() => new Date());
  const times = link.window;
  useEffect(() => {
    const next = times ? nextWindowChange(times, data, now) : undefined;
    if (!next) return undefined;
    const timer = setTimeout(() => setNow(new Date()), Math.min(next.getTime() - now.getTime(), LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [times, data, now]);
  return now;
}

/**
 * One link under a record's detail. Outside its window, judged on the record's own fields by the same
 * function the server refuses a write with (withinTargetWindow), it is a disabled button with the
 * window's message written beside it, which the button names as its description: read by everyone,
 * not only on hover.
 */
export function PageLinkButton({ link, record }: { link: PageLink; record: RecordDetail }) {
  const locale = useLocale();
  const now = useWindowClock(link, record.data);
  const reasonId = useId();
  const title = locale === 'en-US' ? link.titleEn : link.title;
  if (!link.window || withinTargetWindow(link.window, record.data, now))
    return (
      <Link to={carriedValuesHref(link.href, link.values, record)}>
        <Button type="primary">{title}</Button>
      </Link>
    );
  return (
    <Space wrap className="kc-page-link-closed">
      <Button type="primary" disabled aria-describedby={reasonId}>
        {title}
      </Button>
      <Typography.Text type="secondary" id={reasonId}>
        {locale === 'en-US' ? link.window.messageEn : link.window.message}
      </Typography.Text>
    </Space>
  );
}
