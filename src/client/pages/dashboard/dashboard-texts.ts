import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import { useLocale } from '../../i18n/locale-store';
import enUS from './dashboard-texts.en-US.json';
import zhCN from './dashboard-texts.zh-CN.json';

/** 统计看板's texts (dashboard-texts.zh-CN.json, dashboard-texts.en-US.json). */
export const dashboardTexts = defineTexts(zhCN, enUS, (texts, locale) => {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    ...texts,
    widgets: (count: number): string => fillTemplate(texts.widgets, { count }),
    viewSwitch: (title: string): string => fillTemplate(texts.viewSwitch, { title }),
    sumColumn: (unit: string | undefined): string => (unit ? fillTemplate(texts.sumColumn, { unit }) : texts.sumColumnPlain),
    total: (value: number): string => fillTemplate(texts.total, { value: number.format(value) }),
    chartSummary: (title: string, items: string): string => fillTemplate(texts.chartSummary, { title, items }),
    summaryItem: (label: string, value: number): string => fillTemplate(texts.summaryItem, { label, value: number.format(value) }),
    weekOf: (date: string): string => fillTemplate(texts.weekOf, { date }),
    /** The list separator of a summary read aloud. */
    separator: locale === 'en-US' ? '; ' : '；',
    formatNumber: (value: number): string => number.format(value),
  };
});

export type DashboardTexts = ReturnType<typeof dashboardTexts>;

export function useDashboardTexts(): DashboardTexts {
  return dashboardTexts(useLocale());
}
