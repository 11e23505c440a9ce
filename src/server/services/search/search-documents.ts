import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Runner } from '../../db/write-with-history';
import { searchDocuments } from '../../db/schema';
import { queryWords, type QueryWord } from './word-segmenter';

/** A source, or only some kinds of its documents. */
export interface SearchScope {
  source: string;
  kinds?: readonly string[] | undefined;
}

export interface SearchRequest {
  keyword: string;
  /** The page's source; the counts per source are of every source searched. */
  source?: string | undefined;
  /** Only these sources (and kinds) are searched at all: the answers' corpus. */
  within?: readonly SearchScope[] | undefined;
  pageNo: number;
  pageSize: number;
}

export interface FoundDocument {
  key: string;
  recordId: string | null;
  source: string;
  title: string;
  body: string;
  kind: string | null;
  day: string | null;
  href: string;
}

export interface FoundPage {
  total: number;
  documents: FoundDocument[];
  /** The words the keyword was cut into and their parts, for the highlights. */
  words: string[];
  /** Hits per source for the whole search (before the source filter). */
  sources: Array<{ source: string; count: number }>;
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function inScope(scopes: readonly SearchScope[]): SQL | undefined {
  return or(
    ...scopes.map((scope) =>
      scope.kinds
        ? and(eq(searchDocuments.source, scope.source), inArray(searchDocuments.kind, [...scope.kinds]))
        : eq(searchDocuments.source, scope.source),
    ),
  );
}

async function run(db: Runner, request: SearchRequest, words: string[], query: SQL): Promise<FoundPage> {
  const matched = sql`${searchDocuments.words} @@ ${query}`;
  const matches = request.within ? (and(matched, inScope(request.within)) ?? matched) : matched;
  const sources = await db
    .select({ source: searchDocuments.source, count: sql<number>`count(*)::int` })
    .from(searchDocuments)
    .where(matches)
    .groupBy(searchDocuments.source)
    .orderBy(desc(sql`count(*)`), searchDocuments.source);
  const total = sources
    .filter((entry) => request.source === undefined || entry.source === request.source)
    .reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return { total, documents: [], words, sources };
  // Relevance: the words' cover density (titles weigh most), and more when the title holds the
  // whole keyword as typed: a search for a policy's name puts that policy first.
  const phrase = request.keyword.trim();
  const score = sql`ts_rank_cd(${searchDocuments.words}, ${query}) + case when ${searchDocuments.title} ilike ${likePattern(phrase)} then 1 else 0 end`;
  const documents = await db
    .select({
      key: searchDocuments.key,
      recordId: searchDocuments.recordId,
      source: searchDocuments.source,
      title: searchDocuments.title,
      body: searchDocuments.body,
      kind: searchDocuments.kind,
      day: searchDocuments.day,
      href: searchDocuments.href,
    })
    .from(searchDocuments)
    .where(request.source === undefined ? matches : and(matches, eq(searchDocuments.source, request.source)))
    .orderBy(desc(score), sql`${searchDocuments.day} desc nulls last`, searchDocuments.key)
    .limit(request.pageSize)
    .offset((request.pageNo - 1) * request.pageSize);
  return { total, documents, words, sources };
}

// A lexeme of to_tsquery: quoted, so no character of the word is read as an operator.
const lexeme = (word: string): string => `'${word.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;

/** A word or, when it has parts, all of its parts. */
const alternatives = ({ word, parts }: QueryWord): string =>
  parts.length > 0 ? `(${lexeme(word)} | (${parts.map(lexeme).join(' & ')}))` : lexeme(word);

/**
 * A page of documents holding every word of the keyword; when none holds them all, those holding
 * any of them (a longer question still finds something), best first.
 */
export async function searchDocumentsPage(db: Runner, request: SearchRequest): Promise<FoundPage> {
  const terms = queryWords(request.keyword);
  // The words to mark: single characters only when the keyword is one (后 of 投入后补助 would mark every 后).
  const words = [...new Set(terms.flatMap((term) => [term.word, ...term.parts]))].filter(
    (word, _index, all) => [...word].length > 1 || all.length === 1,
  );
  if (terms.length === 0) return { total: 0, documents: [], words, sources: [] };
  const found = await run(db, request, words, sql`to_tsquery('simple', ${terms.map(alternatives).join(' & ')})`);
  if (found.total > 0 || terms.length === 1) return found;
  return run(db, request, words, sql`to_tsquery('simple', ${terms.map(alternatives).join(' | ')})`);
}
