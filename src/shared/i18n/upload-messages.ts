import type { Locale } from './locale';

const trim = (value: number): string => String(Number(value.toFixed(2)));

/** An upload limit as people read it: 5242880 → "5 MB", 1536 → "1.5 KB". */
export function formatSizeLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The allowed types as labels, e.g. ['pdf', 'jpg'] → ['PDF', 'JPG']. */
export function acceptLabels(accept: readonly string[]): string[] {
  return [...new Set(accept.map((extension) => extension.toUpperCase()))];
}

/** "文件大小不能超过 5 MB": the browser's pre-check and the server's 413 say the same. */
export function fileTooLargeMessage(maxSize: number, locale: Locale): string {
  return locale === 'en-US'
    ? `The file must not be larger than ${formatSizeLimit(maxSize)}`
    : `文件大小不能超过 ${formatSizeLimit(maxSize)}`;
}

/** "仅支持上传 PDF、JPG、PNG 格式的文件", from the field's x-upload.accept. */
export function fileTypeNotAllowedMessage(accept: readonly string[], locale: Locale): string {
  const labels = acceptLabels(accept);
  return locale === 'en-US' ? `Only ${labels.join(', ')} files can be uploaded` : `仅支持上传 ${labels.join('、')} 格式的文件`;
}
