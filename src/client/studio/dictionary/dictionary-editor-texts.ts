import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import enUS from './dictionary-editor-texts.en-US.json';
import zhCN from './dictionary-editor-texts.zh-CN.json';

/** The words of the studio's dictionary editor (ADR 0046). */
export const dictionaryEditorTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  moveUp: (row: number): string => fillTemplate(texts.moveUp, { row }),
  moveDown: (row: number): string => fillTemplate(texts.moveDown, { row }),
  remove: (row: number): string => fillTemplate(texts.remove, { row }),
  keyOf: (row: number): string => fillTemplate(texts.keyOf, { row }),
  zhOf: (row: number): string => fillTemplate(texts.zhOf, { row }),
  enOf: (row: number): string => fillTemplate(texts.enOf, { row }),
  moved: (from: number, to: number): string => fillTemplate(texts.moved, { from, to }),
}));

export type DictionaryEditorTexts = ReturnType<typeof dictionaryEditorTextsFor>;
