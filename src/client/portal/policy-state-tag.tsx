import { Tag } from 'antd';
import { beijingDate } from '../../shared/rules/beijing-date';
import type { PortalTexts } from './portal-texts';

/** A policy in force or ended, by its end date against today in Beijing (the server's rule for getPolicyOnOrEnd). */
export function PolicyStateTag({ validUntil, texts, now = new Date() }: { validUntil?: string; texts: PortalTexts; now?: Date }) {
  const ended = validUntil !== undefined && validUntil < beijingDate(now);
  // A solid dark green: antd's light green tag fails the 4.5:1 contrast (axe).
  return <Tag color={ended ? 'default' : '#237804'}>{ended ? texts.policiesEnded : texts.policiesInForce}</Tag>;
}
