import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './notification-texts.en-US.json';
import zhCN from './notification-texts.zh-CN.json';

/** The message centre's texts and the header bell's accessible name (消息通知（3条未读）). */
export const notificationTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  bellLabel: (count: number | undefined): string => (count ? fillTemplate(texts.bellUnread, { count }) : texts.bell),
  markedAllRead: (count: number): string => fillTemplate(texts.markedAllRead, { count }),
  total: (total: number): string => fillTemplate(texts.total, { total }),
}));

export type NotificationTexts = ReturnType<typeof notificationTextsFor>;
