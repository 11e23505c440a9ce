import { fillTemplate } from '../../../shared/i18n/fill-template';
import { defineTexts } from '../../i18n/define-texts';
import enUS from './designer-texts.en-US.json';
import zhCN from './designer-texts.zh-CN.json';
import type { FieldKind, PaletteKind } from './field-kind';

/** The words of the studio's visual designer. */
export const designerTextsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  kind: (kind: FieldKind | PaletteKind): string => texts[`kind_${kind}`],
  removeConfirm: (title: string): string => fillTemplate(texts.removeConfirm, { title }),
  dragHandle: (title: string): string => fillTemplate(texts.dragHandle, { title }),
  nameTaken: (name: string): string => fillTemplate(texts.nameTaken, { name }),
  moved: (title: string): string => fillTemplate(texts.moved, { title }),
  added: (title: string): string => fillTemplate(texts.added, { title }),
  compareField: (title: string): string => fillTemplate(texts.compareField, { title }),
  conditionWhen: (field: string, value: string, required: boolean): string =>
    fillTemplate(required ? texts.conditionWhenRequired : texts.conditionWhen, { field, value }),
  stepFile: (file: string): string => fillTemplate(texts.stepFile, { file }),
  dictOptionLabel: (name: string, code: string, retired: boolean): string =>
    fillTemplate(retired ? texts.dictRetiredOption : texts.dictOption, { name, code }),
}));

export type DesignerTexts = ReturnType<typeof designerTextsFor>;
