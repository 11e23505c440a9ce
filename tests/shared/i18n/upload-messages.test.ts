import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, fileTypeNotAllowedMessage, formatSizeLimit } from '../../../src/shared/i18n/upload-messages';

describe('upload messages (one wording for the browser and the server)', () => {
  it('words a size limit for people', () => {
    expect([5242880, 10485760, 1536, 512].map(formatSizeLimit)).toEqual(['5 MB', '10 MB', '1.5 KB', '512 B']);
  });

  it('words the refusals in both locales', () => {
    expect(fileTooLargeMessage(5242880, 'zh-CN')).toBe('文件大小不能超过 5 MB');
    expect(fileTooLargeMessage(5242880, 'en-US')).toBe('The file must not be larger than 5 MB');
    expect(fileTypeNotAllowedMessage(['pdf', 'jpg', 'png'], 'zh-CN')).toBe('仅支持上传 PDF、JPG、PNG 格式的文件');
    expect(fileTypeNotAllowedMessage(['pdf'], 'en-US')).toBe('Only PDF files can be uploaded');
  });
});
