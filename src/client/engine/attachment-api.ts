import type { AxiosProgressEvent } from 'axios';
import { attachmentDownloadPath, ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { FileRef } from '../../shared/generated/file-ref';
import type { UploadTarget } from '../../shared/generated/upload-target';
import { http } from '../api/http';

export interface UploadRequest {
  /** What the file belongs to: an activity's step, or a resource. */
  target: Omit<UploadTarget, 'field'>;
  /** Dotted path of the Upload field inside the step or record, array indexes included. */
  field: string;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file through the app's single HTTP client (which adds the Bearer token). The text
 * parts come before the file part, so the server knows where the file belongs before it streams
 * it. `silent`: the widget shows the server's refusal next to the field itself.
 */
export async function uploadAttachment({ target, field, file, onProgress, signal }: UploadRequest): Promise<FileRef> {
  const body = new FormData();
  body.append('ownerKind', target.ownerKind);
  body.append('ownerId', target.ownerId);
  if (target.step !== undefined) body.append('step', target.step);
  body.append('field', field);
  body.append('file', file, file.name);
  const response = await http.post<ApiEnvelope<FileRef>>(ENDPOINTS.attachmentUpload, body, {
    silent: true,
    signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
    },
  });
  const ref = response.data.data;
  if (!ref) throw new Error('the upload response carries no file reference');
  return ref;
}

/** Fetches an attachment as a blob (an <a href> could not carry the Bearer token). */
export async function fetchAttachment(id: string): Promise<Blob> {
  const response = await http.get<Blob>(attachmentDownloadPath(id), { responseType: 'blob' });
  return response.data;
}

/** Hands a blob to the browser as a download under the given name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
