import { isField } from '@formily/core';
import { observer, useField } from '@formily/react';
import { Button, Progress, Typography } from 'antd';
import { useContext, useRef, useState, type ChangeEvent } from 'react';
import type { FileRef } from '../../shared/generated/file-ref';
import { ApiError } from '../api/api-error';
import { useLocale } from '../i18n/locale-store';
import { uploadAttachment } from './attachment-api';
import { FileList } from './file-list';
import { engineTexts, type EngineTexts } from './engine-texts';
import { uploadFieldPath, UploadTargetContext } from './upload-target-context';

export interface AttachmentUploadProps {
  value?: FileRef[];
  onChange?: (value: FileRef[]) => void;
  /** x-upload.accept: extensions without the dot. */
  accept: string[];
  /** x-upload.maxSize in bytes. */
  maxSize: number;
  /** The field's maxItems. */
  maxCount?: number;
  disabled?: boolean;
  readOnly?: boolean;
}

interface Pending {
  key: number;
  name: string;
  percent: number;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

// jpg and jpeg are one type to people; the server decides by the bytes anyway.
const ALIASES: Record<string, string> = { jpeg: 'jpg' };
const canonical = (ext: string): string => ALIASES[ext] ?? ext;

/**
 * Why a file is refused before it is sent, in the server's own words; undefined when it may go.
 * Exported for tests: the checks are the cheap part of what the server checks again.
 */
export function refuseFile(
  file: Pick<File, 'name' | 'size'>,
  accept: readonly string[],
  maxSize: number,
  texts: EngineTexts,
): string | undefined {
  const allowed = new Set(accept.map(canonical));
  if (!allowed.has(canonical(extensionOf(file.name)))) return texts.fileTypeNotAllowed(accept);
  if (file.size > maxSize) return texts.fileTooLarge(maxSize);
  if (file.size === 0) return texts.emptyFile;
  return undefined;
}

const asRefs = (value: unknown): FileRef[] => (Array.isArray(value) ? (value as FileRef[]) : []);

/**
 * The attachment widget (`x-component: "Upload"`). Its value is the list of file references the
 * server returned; the files themselves stay on the server. Names are rendered as text, never as
 * HTML. A file is refused before sending when its extension or size breaks x-upload; otherwise the
 * server's refusal (wrong content type, too large, not an Upload field) is shown under the button.
 */
export const AttachmentUpload = observer(function AttachmentUpload({
  value,
  onChange,
  accept,
  maxSize,
  maxCount,
  disabled,
  readOnly,
}: AttachmentUploadProps) {
  const texts = engineTexts(useLocale());
  const target = useContext(UploadTargetContext);
  const field = useField();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const files = asRefs(value);
  const editable = !disabled && !readOnly;
  const full = maxCount !== undefined && files.length + pending.length >= maxCount;

  // The field's value at the moment an upload ends: several uploads may finish in any order.
  const currentRefs = (): FileRef[] => (isField(field) ? asRefs(field.value) : files);

  const send = async (file: File): Promise<string | undefined> => {
    if (!target) return texts.uploadFailed;
    const key = nextKey.current++;
    setPending((list) => [...list, { key, name: file.name, percent: 0 }]);
    try {
      const ref = await uploadAttachment({
        target: { ownerKind: target.ownerKind, ownerId: target.ownerId, ...(target.step === undefined ? {} : { step: target.step }) },
        field: uploadFieldPath(field.path.toString(), target),
        file,
        onProgress: (percent) => setPending((list) => list.map((p) => (p.key === key ? { ...p, percent } : p))),
      });
      onChange?.([...currentRefs(), ref]);
      return undefined;
    } catch (error) {
      return error instanceof ApiError && error.message ? `${file.name}：${error.message}` : `${file.name}：${texts.uploadFailed}`;
    } finally {
      setPending((list) => list.filter((p) => p.key !== key));
    }
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const picked = [...(event.target.files ?? [])];
    // Cleared so that picking the same file again fires a change.
    event.target.value = '';
    const problems: string[] = [];
    const accepted: File[] = [];
    let room = maxCount === undefined ? Number.POSITIVE_INFINITY : maxCount - files.length - pending.length;
    for (const file of picked) {
      const refusal = refuseFile(file, accept, maxSize, texts);
      if (refusal) problems.push(`${file.name}：${refusal}`);
      else if (room <= 0) problems.push(`${file.name}：${texts.fileCountLimit(maxCount ?? 0)}`);
      else {
        accepted.push(file);
        room -= 1;
      }
    }
    setErrors(problems);
    const failures = (await Promise.all(accepted.map(send))).filter((message): message is string => message !== undefined);
    if (failures.length > 0) setErrors((current) => [...current, ...failures]);
  };

  const remove = (id: string): void => {
    onChange?.(currentRefs().filter((ref) => ref.id !== id));
  };

  const acceptAttribute = accept.flatMap((ext) => (canonical(ext) === 'jpg' ? ['.jpg', '.jpeg'] : [`.${ext}`])).join(',');

  return (
    <div className="kc-attachment-upload">
      {editable && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            multiple={maxCount !== 1}
            accept={acceptAttribute}
            onChange={(event) => void onPick(event)}
            data-testid="attachment-input"
          />
          <Button onClick={() => input.current?.click()} disabled={full || !target}>
            {texts.upload}
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {texts.uploadHint(accept, maxSize)}
          </Typography.Text>
        </>
      )}
      {errors.length > 0 && (
        <div role="alert">
          {errors.map((message, index) => (
            <Typography.Text key={index} type="danger" style={{ display: 'block' }}>
              {message}
            </Typography.Text>
          ))}
        </div>
      )}
      <div style={{ marginTop: 8 }}>
        <FileList files={files} onRemove={editable ? remove : undefined} />
      </div>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pending.map((p) => (
          <li key={`pending-${p.key}`} aria-label={`${texts.uploading} ${p.name}`}>
            <Typography.Text>{p.name}</Typography.Text>
            <Progress percent={p.percent} size="small" />
          </li>
        ))}
      </ul>
    </div>
  );
});
