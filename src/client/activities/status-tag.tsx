import { Tag } from 'antd';
import { APPLICATION_WORKFLOW, statusLabel, type ApplicationStatus } from '../../shared/activity/application-status';
import type { WindowState } from '../../shared/activity/activity-window';
import type { Locale } from '../../shared/i18n/locale';
import { textsFor } from '../i18n/texts';

export function ApplicationStatusTag({ status, locale }: { status: ApplicationStatus; locale: Locale }) {
  return (
    <Tag color={APPLICATION_WORKFLOW.states[status]?.color ?? 'default'} className="kc-application-status">
      {statusLabel(status, locale)}
    </Tag>
  );
}

const WINDOW_COLORS: Record<WindowState, string> = { notOpen: 'default', open: 'success', closed: 'error' };

/** 未开始 / 进行中 / 已截止. */
export function windowStateLabel(state: WindowState, locale: Locale): string {
  const texts = textsFor(locale);
  return state === 'notOpen' ? texts.windowNotOpen : state === 'open' ? texts.windowOpen : texts.windowClosed;
}

export function WindowStateTag({ state, locale }: { state: WindowState; locale: Locale }) {
  return (
    <Tag color={WINDOW_COLORS[state]} className="kc-window-state">
      {windowStateLabel(state, locale)}
    </Tag>
  );
}
