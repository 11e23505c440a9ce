import { Button, Typography } from 'antd';
import type { FileRef } from '../../shared/generated/file-ref';
import { formatFileSize } from '../../shared/rules/format-file-size';
import { useLocale } from '../i18n/locale-store';
import { fetchAttachment, saveBlob } from './attachment-api';
import { engineTexts } from './engine-texts';

async function download(ref: FileRef): Promise<void> {
  try {
    saveBlob(await fetchAttachment(ref.id), ref.name);
  } catch {
    // The HTTP client has already notified the failure.
  }
}

/**
 * Stored files by name and size, each with its download (through the authenticated client, since an
 * <a href> could not carry the token) and, while editing, its removal. Names are text, never HTML.
 */
export function FileList({ files, onRemove }: { files: readonly FileRef[]; onRemove?: ((id: string) => void) | undefined }) {
  const texts = engineTexts(useLocale());
  return (
    <ul className="kc-file-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((ref) => (
        <li key={ref.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text ellipsis style={{ maxWidth: 360 }}>
            {ref.name}
          </Typography.Text>
          <Typography.Text type="secondary">{formatFileSize(ref.size)}</Typography.Text>
          <Button type="link" size="small" aria-label={texts.downloadFile(ref.name)} onClick={() => void download(ref)}>
            {texts.download}
          </Button>
          {onRemove && (
            <Button type="link" size="small" danger aria-label={texts.removeFile(ref.name)} onClick={() => onRemove(ref.id)}>
              {texts.remove}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
