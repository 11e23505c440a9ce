/** RFC 5987 encoding: encodeURIComponent leaves a few characters that the header grammar does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Always a download, never rendered inline, with the (UTF-8) original name (SECURITY R27). */
export function contentDisposition(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
