import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import enUS from './public-layout-texts.en-US.json';
import zhCN from './public-layout-texts.zh-CN.json';

/** The public layouts' own words (cards, media, agenda, carousel, article): layout-texts.<locale>.json. */
export const publicLayoutTexts = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  searchPlaceholder: (field: string): string => fillTemplate(texts.searchPlaceholder, { field }),
  total: (count: number): string => fillTemplate(texts.total, { count }),
  monthHeading: (yearMonth: string): string =>
    fillTemplate(texts.monthHeading, { year: yearMonth.slice(0, 4), month: String(Number(yearMonth.slice(5, 7))) }),
  slideOf: (n: number, count: number): string => fillTemplate(texts.slideOf, { n, count }),
  downloadFile: (name: string): string => fillTemplate(texts.downloadFile, { name }),
  pageNumber: (n: number): string => fillTemplate(texts.pageNumber, { n }),
}));

export type PublicLayoutTexts = ReturnType<typeof publicLayoutTexts>;
