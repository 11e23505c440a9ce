import type { Locale } from '../../../shared/i18n/locale';
import { typeOfExtension } from './file-types';

const trim = (value: number): string => String(Number(value.toFixed(2)));

/** A byte limit as people read it: 5242880 → "5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function fileTooLargeMessage(maxSize: number, locale: Locale): string {
  return locale === 'en-US' ? `The file must not be larger than ${formatFileSize(maxSize)}` : `文件大小不能超过 ${formatFileSize(maxSize)}`;
}

/** "仅支持上传 PDF、JPG、PNG 格式的文件", from the field's x-upload.accept. */
export function fileTypeNotAllowedMessage(accept: readonly string[], locale: Locale): string {
  const labels = [...new Set(accept.map((extension) => (typeOfExtension(extension) ?? extension).toUpperCase()))];
  return locale === 'en-US' ? `Only ${labels.join(', ')} files can be uploaded` : `仅支持上传 ${labels.join('、')} 格式的文件`;
}
