import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import { useLocale } from '../../i18n/locale-store';
import enUS from './workbench-texts.en-US.json';
import zhCN from './workbench-texts.zh-CN.json';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 工作台's texts (workbench-texts.zh-CN.json, workbench-texts.en-US.json). */
export const workbenchTexts = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  waiting: (count: number): string => fillTemplate(texts.waiting, { count }),
  oldestSince: (age: string, at: string): string => fillTemplate(texts.oldestSince, { age, at }),
  /** How long a record has waited, in its largest whole unit (days, else hours, else minutes). */
  age: (ms: number): string => {
    const waited = Math.max(0, ms);
    if (waited >= DAY_MS) return fillTemplate(texts.ageDays, { n: Math.floor(waited / DAY_MS) });
    if (waited >= HOUR_MS) return fillTemplate(texts.ageHours, { n: Math.floor(waited / HOUR_MS) });
    return fillTemplate(texts.ageMinutes, { n: Math.floor(waited / MINUTE_MS) });
  },
}));

export function useWorkbenchTexts(): ReturnType<typeof workbenchTexts> {
  return workbenchTexts(useLocale());
}
