import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './policy-proxy-texts.en-US.json';
import zhCN from './policy-proxy-texts.zh-CN.json';

/** The policy proxy's texts (/home/findproxy and its pages). */
export const policyProxyTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  assessmentSummary: (checked: number, count: number): string => fillTemplate(texts.assessmentSummary, { checked, count }),
}));

export type PolicyProxyTexts = ReturnType<typeof policyProxyTextsFor>;
