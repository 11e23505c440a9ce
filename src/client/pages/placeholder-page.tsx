import { Result } from 'antd';
import { useLocale } from '../i18n/locale-store';
import { textsFor, type Texts } from '../i18n/texts';

type TitleKey = 'policyAdviceForm' | 'quoteFormDemo';

/** A route the spec lists whose screen arrives in a later issue; it already hides the message board. */
export function PlaceholderPage({ titleKey }: { titleKey: TitleKey }) {
  const texts: Texts = textsFor(useLocale());
  return <Result status="info" title={texts[titleKey]} subTitle={texts.pageComingSoon} />;
}

export function PolicyAdviceFormPage() {
  return <PlaceholderPage titleKey="policyAdviceForm" />;
}

export function QuoteFormDemoPage() {
  return <PlaceholderPage titleKey="quoteFormDemo" />;
}
