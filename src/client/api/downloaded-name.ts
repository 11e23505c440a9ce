import type { AxiosResponse } from 'axios';

/** The file name the server gave a download (RFC 5987 filename*), or the fallback. */
export function downloadedName(response: AxiosResponse, fallback: string): string {
  const header = String(response.headers['content-disposition'] ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}
