import type { Locale } from '../i18n/locale';

type Period = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

const TEXT: Record<Locale, Record<Period, string>> = {
  'zh-CN': { morning: '早上好', forenoon: '上午好', noon: '中午好', afternoon: '下午好', evening: '晚上好' },
  'en-US': {
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good afternoon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
};

/** Spec §9: before 9 morning; up to 11 forenoon; up to 13 noon; before 20 afternoon; otherwise evening. */
export function greetingPeriod(hour: number): Period {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  return hour < 20 ? 'afternoon' : 'evening';
}

/** The header greeting for a moment, by its local hour. */
export function greeting(at: Date, locale: Locale = 'zh-CN'): string {
  return TEXT[locale][greetingPeriod(at.getHours())];
}
