import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../fixtures/resources/lab-booking', import.meta.url));

/** The fixture folder's files as checkResourceFolder takes them (path → parsed JSON), fresh each call so a test may mutate them. */
export function labBookingFiles(): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const name of readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.json'))
    .sort()) {
    files.set(name.split('\\').join('/'), JSON.parse(readFileSync(join(DIR, name), 'utf8')) as unknown);
  }
  return files;
}
