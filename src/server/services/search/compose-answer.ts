import type { SearchTextPart } from '../../../shared/generated/search-text-part';
import { highlightText } from '../../../shared/search/highlight-text';
import type { FoundDocument } from './search-documents';
import type { QueryWord } from './word-segmenter';

export interface Passage {
  /** The sentence as it stands in the source. */
  sentence: string;
  parts: SearchTextPart[];
  /** Its source's number (1-based) in `sources`. */
  source: number;
}

export interface ComposedAnswer {
  passages: Passage[];
  sources: FoundDocument[];
}

const MAX_SOURCES = 3;
const MAX_PASSAGES_PER_SOURCE = 2;
const SENTENCE_MIN = 8;
const SENTENCE_MAX = 240;

/** A document's sentences: cut after 。！？； and at line breaks, trimmed, neither scraps nor walls of text. */
export function sentencesOf(body: string): string[] {
  return body
    .split(/(?<=[。！？；])|\n/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= SENTENCE_MIN && sentence.length <= SENTENCE_MAX);
}

/** How many of the question's words a sentence holds (a word, or all of its parts). */
function covered(sentence: string, terms: readonly QueryWord[]): number {
  const lower = sentence.toLowerCase();
  return terms.filter((term) => lower.includes(term.word) || (term.parts.length > 0 && term.parts.every((part) => lower.includes(part))))
    .length;
}

/**
 * An answer made only of what the sources say: from the best documents, in their order, the
 * sentences that hold at least half of the question's words (the most first), quoted word for
 * word with the words marked, each citing its source. No sentence good enough, no answer: the
 * caller says so plainly rather than quote something beside the point.
 */
export function composeAnswer(documents: readonly FoundDocument[], terms: readonly QueryWord[], words: readonly string[]): ComposedAnswer {
  const needed = Math.max(1, Math.ceil(terms.length / 2));
  const passages: Passage[] = [];
  const sources: FoundDocument[] = [];
  // A revised policy repeats its predecessor's sentences: each is quoted once.
  const quoted = new Set<string>();
  for (const document of documents) {
    if (sources.length === MAX_SOURCES) break;
    const best = sentencesOf(document.body)
      .filter((sentence) => !quoted.has(sentence))
      .map((sentence, position) => ({ sentence, position, score: covered(sentence, terms) }))
      .filter((candidate) => candidate.score >= needed)
      .sort((a, b) => b.score - a.score || a.position - b.position)
      .slice(0, MAX_PASSAGES_PER_SOURCE)
      .sort((a, b) => a.position - b.position);
    if (best.length === 0) continue;
    sources.push(document);
    for (const { sentence } of best) {
      quoted.add(sentence);
      passages.push({ sentence, parts: highlightText(sentence, words), source: sources.length });
    }
  }
  return { passages, sources };
}
