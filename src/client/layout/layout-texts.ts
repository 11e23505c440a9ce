import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from '../i18n/define-texts';
import enUS from './layout-texts.en-US.json';
import zhCN from './layout-texts.zh-CN.json';

/**
 * The shell's own texts (layout-texts.zh-CN.json, layout-texts.en-US.json): menu, multi-tab bar,
 * settings drawer, exception pages and chunk errors. The tab refusals are the spec's wording (§8).
 * Kept apart from i18n/texts so the shell's texts change in one place.
 */
export const layoutTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  colorName: (color: string): string => fillTemplate(texts.colorName, { color }),
}));

export type LayoutTexts = ReturnType<typeof layoutTextsFor>;
