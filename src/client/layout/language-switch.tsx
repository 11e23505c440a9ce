import { Segmented } from 'antd';
import type { Locale } from '../../shared/i18n/locale';
import { setLocale, useLocale } from '../i18n/locale-store';

const OPTIONS: Array<{ label: string; value: Locale }> = [
  { label: '中文', value: 'zh-CN' },
  { label: 'EN', value: 'en-US' },
];

export function LanguageSwitch() {
  const locale = useLocale();
  return <Segmented size="small" options={OPTIONS} value={locale} onChange={(value) => setLocale(value)} />;
}
