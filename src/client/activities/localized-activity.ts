import type { Locale } from '../../shared/i18n/locale';
import { localizedEntryTitle } from '../../shared/i18n/localized-title';

interface ActivityTexts {
  title: string;
  summary: string;
  locale?: { 'en-US'?: { title?: string; summary?: string } } | undefined;
}

/** The activity's title and summary in the locale; the manifest's own texts are zh-CN. */
export function localizedActivity(activity: ActivityTexts, locale: Locale): { title: string; summary: string } {
  const english = locale === 'en-US' ? activity.locale?.['en-US'] : undefined;
  return { title: english?.title ?? activity.title, summary: english?.summary ?? activity.summary };
}

interface StepTexts {
  title: string;
  locale?: { 'en-US'?: { title?: string } } | undefined;
}

/** A step's title in the locale (the step bar, the result page, the read-only view). */
export function localizedStepTitle(step: StepTexts, locale: Locale): string {
  return localizedEntryTitle(step, locale);
}
