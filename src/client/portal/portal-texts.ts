import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './portal-texts.en-US.json';
import zhCN from './portal-texts.zh-CN.json';

/** The public portal's texts (home, news and policies, recommendations), apart from the shell's. */
export const portalTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  activityDeadline: (date: string): string => fillTemplate(texts.activityDeadline, { date }),
  monthCount: (month: string, count: number): string => fillTemplate(texts.monthCount, { month, count }),
  total: (total: number): string => fillTemplate(texts.total, { total }),
  recommendByTags: (tags: string): string => fillTemplate(texts.recommendByTags, { tags }),
  slideOf: (n: number, total: number): string => fillTemplate(texts.slideOf, { n, total }),
}));

export type PortalTexts = ReturnType<typeof portalTextsFor>;
