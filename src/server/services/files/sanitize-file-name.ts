const MAX_LENGTH = 255;
// Control characters (CR/LF header injection) and bidirectional overrides (`gpj.exe` shown as `exe.jpg`).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The original name kept as metadata only (files are stored under a UUID): no directory part, no
 * control characters, at most 255 characters with the extension kept (SECURITY R26).
 */
export function sanitizeFileName(raw: string, fallbackExtension: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base.replace(UNSAFE, '').trim();
  if (name === '' || name === '.' || name === '..') name = `file.${fallbackExtension}`;
  const chars = [...name];
  if (chars.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)].slice(0, 16).join('') : '';
  return chars.slice(0, MAX_LENGTH - extension.length).join('') + extension;
}
