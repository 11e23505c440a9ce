import type { ResourceFile } from '../../../shared/generated/resource-file';
import { plainText } from './plain-text';

export type SearchConfig = NonNullable<ResourceFile['search']>;

/** What the index keeps of a record or an activity: the parts a hit shows, and the text searched. */
export interface SearchDocument {
  key: string;
  source: string;
  recordId: string | null;
  version: number;
  stamp: string;
  title: string;
  body: string;
  kind: string | null;
  day: string | null;
  href: string;
}

// The body kept per document: enough for any snippet, bounded so one huge record cannot bloat the index.
const BODY_LIMIT = 20_000;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A public record as its folder's search block describes it. */
export function recordDocument(
  source: string,
  config: SearchConfig,
  row: { id: string; version: number; data: Record<string, unknown> },
): Omit<SearchDocument, 'stamp'> {
  const body = config.text
    .map((field) => plainText(row.data[field]))
    .filter((text) => text.length > 0)
    // One field per line: a quoted sentence never runs from one field into the next.
    .join('\n');
  const day = config.date === undefined ? '' : textOf(row.data[config.date]);
  const kind = config.kind === undefined ? '' : textOf(row.data[config.kind]);
  return {
    key: `record:${row.id}`,
    source,
    recordId: row.id,
    version: row.version,
    title: plainText(row.data[config.title]),
    body: body.slice(0, BODY_LIMIT),
    kind: kind || null,
    day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    href: config.href.replace('{id}', encodeURIComponent(row.id)),
  };
}
