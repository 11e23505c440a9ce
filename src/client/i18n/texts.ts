import { fillTemplate } from '../../shared/i18n/fill-template';
import { defineTexts } from './define-texts';
import enUS from './texts.en-US.json';
import zhCN from './texts.zh-CN.json';

/**
 * The client's own interface texts, in texts.zh-CN.json and texts.en-US.json. The spec fixes the
 * Chinese wording of several (错误, 在线留言, the login confirm, 没有足够的权限); validation
 * messages are not here, they come from src/shared.
 */
export const textsFor = defineTexts(zhCN, enUS, (texts) => ({
  ...texts,
  placeholderInput: (title: string): string => fillTemplate(texts.placeholderInput, { title }),
  placeholderSelect: (title: string): string => fillTemplate(texts.placeholderSelect, { title }),
  savedAt: (time: string): string => fillTemplate(texts.savedAt, { time }),
  localDraftFound: (time: string): string => fillTemplate(texts.localDraftFound, { time }),
  windowNotOpenHint: (opensAt: string): string => fillTemplate(texts.windowNotOpenHint, { opensAt }),
  windowClosedHint: (closesAt: string): string => fillTemplate(texts.windowClosedHint, { closesAt }),
  // "This application is returned …": the status word sits mid-sentence (a no-op for Chinese).
  readOnlyHint: (status: string): string => fillTemplate(texts.readOnlyHint, { status: status.toLowerCase() }),
  reviewNoteShown: (note: string): string => fillTemplate(texts.reviewNoteShown, { note }),
  submitSucceededStatus: (status: string): string => fillTemplate(texts.submitSucceededStatus, { status }),
  reviewConfirmTitle: (action: string): string => fillTemplate(texts.reviewConfirmTitle, { action }),
  recordSentAs: (status: string): string => fillTemplate(texts.recordSentAs, { status }),
}));

export type Texts = ReturnType<typeof textsFor>;
