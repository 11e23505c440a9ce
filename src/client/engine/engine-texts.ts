import { fillTemplate } from '../../shared/i18n/fill-template';
import { acceptLabels, fileTooLargeMessage, fileTypeNotAllowedMessage, formatSizeLimit } from '../../shared/i18n/upload-messages';
import { defineTexts } from '../i18n/define-texts';
import enUS from './engine-texts.en-US.json';
import zhCN from './engine-texts.zh-CN.json';

/**
 * The engine's own interface texts (engine-texts.zh-CN.json, engine-texts.en-US.json): array tables
 * and cards, the upload widget. Validation messages are not here: they come from
 * src/shared/i18n/validation-message.ts, like the server's. The two upload refusals are the
 * server's own sentences, so the user reads the same words whichever side refuses the file.
 */
export const engineTexts = defineTexts(zhCN, enUS, (texts, locale) => ({
  ...texts,
  removeFile: (name: string): string => fillTemplate(texts.removeFile, { name }),
  downloadFile: (name: string): string => fillTemplate(texts.downloadFile, { name }),
  fileTooLarge: (maxSize: number): string => fileTooLargeMessage(maxSize, locale),
  fileTypeNotAllowed: (accept: readonly string[]): string => fileTypeNotAllowedMessage(accept, locale),
  fileCountLimit: (max: number): string => fillTemplate(texts.fileCountLimit, { max }),
  errorSummary: (count: number): string => fillTemplate(texts.errorSummary, { count }),
  loadFields: (count: number): string => fillTemplate(texts.loadFields, { count }),
  uploadHint: (accept: readonly string[], maxSize: number): string =>
    fillTemplate(texts.uploadHint, { types: acceptLabels(accept).join(texts.listSeparator), maxSize: formatSizeLimit(maxSize) }),
}));

export type EngineTexts = ReturnType<typeof engineTexts>;
