const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as Beijing's wall-clock time, "YYYY-MM-DDTHH:mm:ss", whatever the browser's own zone. */
export function beijingWallTime(iso: string): string | undefined {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return undefined;
  const wall = new Date(at + BEIJING_OFFSET_MS);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/** A Beijing wall-clock time back to the manifest's form: ISO 8601 with +08:00. */
export const fromBeijingWallTime = (wall: string): string => `${wall}+08:00`;
