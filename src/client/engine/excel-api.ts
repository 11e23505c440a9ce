import type { AxiosProgressEvent } from 'axios';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { ImportReport } from '../../shared/generated/import-report';
import type { ImportResult } from '../../shared/generated/import-result';
import { resourceApiPath } from '../../shared/resource/resource-links';
import { downloadedName } from '../api/downloaded-name';
import { http } from '../api/http';
import { saveBlob } from './attachment-api';

/**
 * An import reads and checks up to 50,000 rows on the server: longer than the 20 s every other call
 * gets (spec §7), so these calls wait up to two minutes, with the upload's progress shown.
 */
const IMPORT_TIMEOUT_MS = 120_000;

function progressOf(onProgress: ((percent: number) => void) | undefined) {
  return (event: AxiosProgressEvent): void => {
    if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
  };
}

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

export const excelApi = {
  async downloadTemplate(resource: string): Promise<void> {
    const response = await http.get<Blob>(resourceApiPath(resource, 'import/template'), { responseType: 'blob' });
    saveBlob(response.data, downloadedName(response, `${resource}.xlsx`));
  },
  /** Checks the file and stores nothing: the report of every error by row and column. */
  async check(resource: string, file: File, onProgress?: (percent: number) => void): Promise<ImportReport> {
    const response = await http.post<ApiEnvelope<ImportReport>>(resourceApiPath(resource, 'import/check'), fileBody(file), {
      silent: true,
      timeout: IMPORT_TIMEOUT_MS,
      onUploadProgress: progressOf(onProgress),
    });
    const report = response.data.data;
    if (!report) throw new Error('the check answered no report');
    return report;
  },
  /** Imports the file, all or nothing; `force` imports a file already imported in the last 24 hours. */
  async commit(
    resource: string,
    file: File,
    force: boolean,
    onProgress?: (percent: number) => void,
  ): Promise<{ result: ImportResult; message: string }> {
    const response = await http.post<ApiEnvelope<ImportResult>>(resourceApiPath(resource, 'import'), fileBody(file), {
      silent: true,
      timeout: IMPORT_TIMEOUT_MS,
      params: force ? { force: 'true' } : {},
      onUploadProgress: progressOf(onProgress),
    });
    const result = response.data.data;
    if (!result) throw new Error('the import answered no result');
    return { result, message: response.data.msg ?? '' };
  },
  /** Every record of the list under these filters, as the server's .xlsx. */
  async exportList(resource: string, list: string, filters: Record<string, unknown>, fallbackName: string): Promise<void> {
    const response = await http.post<Blob>(resourceApiPath(resource, `lists/${list}/export`), filters, {
      responseType: 'blob',
      timeout: IMPORT_TIMEOUT_MS,
    });
    saveBlob(response.data, downloadedName(response, fallbackName));
  },
};
