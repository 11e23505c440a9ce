import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import { useLocale } from '../i18n/locale-store';
import enUS from './second-factor-texts.en-US.json';
import zhCN from './second-factor-texts.zh-CN.json';

/** The second factor's texts (SECURITY R06, ADR 0067): the login's second step, the enrolment and its page. */
export const secondFactorTexts = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  smsSentTo: (phone: string): string => fillTemplate(texts.smsSentTo, { phone }),
  resendIn: (seconds: number): string => fillTemplate(texts.resendIn, { seconds }),
}));

export type SecondFactorTexts = ReturnType<typeof secondFactorTexts>;

export function useSecondFactorTexts(): SecondFactorTexts {
  return secondFactorTexts(useLocale());
}
