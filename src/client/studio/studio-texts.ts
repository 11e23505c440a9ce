import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './studio-texts.en-US.json';
import zhCN from './studio-texts.zh-CN.json';

/** The words of the schema studio (表单设计). */
export const studioTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  editorLabel: (file: string): string => fillTemplate(texts.editorLabel, { file }),
  checkFailed: (count: number): string => fillTemplate(texts.checkFailed, { count }),
  impactSummary: (checked: number, failing: number): string => fillTemplate(texts.impactSummary, { checked, failing }),
  navigationPermitted: (permissions: string): string => fillTemplate(texts.navigationPermitted, { permissions }),
  navigationRegion: (part: string, audience: string): string => fillTemplate(texts.navigationRegion, { part, audience }),
}));

export type StudioTexts = ReturnType<typeof studioTextsFor>;
