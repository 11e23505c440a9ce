import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './search-texts.en-US.json';
import zhCN from './search-texts.zh-CN.json';

/** The portal search's texts: the search page, the search box and the hot searches. */
export const searchTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  resultsFor: (keyword: string, total: number): string => fillTemplate(texts.resultsFor, { keyword, total }),
  noResults: (keyword: string): string => fillTemplate(texts.noResults, { keyword }),
  sourceCite: (n: number): string => fillTemplate(texts.sourceCite, { n }),
  commonQuestionList: texts.commonQuestionList.split('|'),
}));

export type SearchTexts = ReturnType<typeof searchTextsFor>;
