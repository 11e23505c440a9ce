import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import enUS from './matching-texts.en-US.json';
import zhCN from './matching-texts.zh-CN.json';

/** The words of the engine's matching pages (resource.json matching); each page's own title and intro are its folder's. */
export const matchingTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  summary: (checked: number, count: number): string => fillTemplate(texts.summary, { checked, count }),
}));

export type MatchingTexts = ReturnType<typeof matchingTextsFor>;
