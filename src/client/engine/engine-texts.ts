import type { Locale } from '../../shared/i18n/locale';
import { acceptLabels, fileTooLargeMessage, fileTypeNotAllowedMessage, formatSizeLimit } from '../../shared/i18n/upload-messages';

/**
 * The engine's own interface texts (array tables and cards, the upload widget). Validation
 * messages are not here: they come from src/shared/i18n/validation-message.ts, like the server's.
 * The two upload refusals repeat the server's wording, so the user reads the same sentence
 * whichever side refuses the file.
 */
const ZH_CN = {
  indexColumn: '序号',
  operationsColumn: '操作',
  addRow: '添加一行',
  addCard: '添加一项',
  removeRow: '删除此行',
  removeCard: '删除此项',
  upload: '上传文件',
  uploading: '上传中',
  download: '下载',
  remove: '删除',
  removeFile: (name: string): string => `删除 ${name}`,
  downloadFile: (name: string): string => `下载 ${name}`,
  uploadFailed: '上传失败，请稍后重试',
  downloadFailed: '下载失败，请稍后重试',
  // The same words as the server's refusal, from the shared messages.
  fileTooLarge: (maxSize: number): string => fileTooLargeMessage(maxSize, 'zh-CN'),
  fileTypeNotAllowed: (accept: readonly string[]): string => fileTypeNotAllowedMessage(accept, 'zh-CN'),
  fileCountLimit: (max: number): string => `最多只能上传${max}个文件`,
  uploadHint: (accept: readonly string[], maxSize: number): string => `支持 ${acceptLabels(accept).join('、')}，单个文件不超过 ${formatSizeLimit(maxSize)}`,
  emptyFile: '不能上传空文件',
};

export type EngineTexts = typeof ZH_CN;

const EN_US: EngineTexts = {
  indexColumn: 'No.',
  operationsColumn: 'Actions',
  addRow: 'Add a row',
  addCard: 'Add an item',
  removeRow: 'Remove this row',
  removeCard: 'Remove this item',
  upload: 'Upload a file',
  uploading: 'Uploading',
  download: 'Download',
  remove: 'Remove',
  removeFile: (name: string): string => `Remove ${name}`,
  downloadFile: (name: string): string => `Download ${name}`,
  uploadFailed: 'The upload failed; please try again later',
  downloadFailed: 'The download failed; please try again later',
  fileTooLarge: (maxSize: number): string => fileTooLargeMessage(maxSize, 'en-US'),
  fileTypeNotAllowed: (accept: readonly string[]): string => fileTypeNotAllowedMessage(accept, 'en-US'),
  fileCountLimit: (max: number): string => `At most ${max} files can be uploaded`,
  uploadHint: (accept: readonly string[], maxSize: number): string => `${acceptLabels(accept).join(', ')}, up to ${formatSizeLimit(maxSize)} per file`,
  emptyFile: 'An empty file cannot be uploaded',
};

const TEXTS: Record<Locale, EngineTexts> = { 'zh-CN': ZH_CN, 'en-US': EN_US };

export function engineTexts(locale: Locale): EngineTexts {
  return TEXTS[locale];
}
