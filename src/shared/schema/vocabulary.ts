import vocabularyFile from '../../../schemas/meta/vocabulary.schema.json';
import type { JsonSchema } from './json-schema';

/**
 * The registered x-* keywords, each with the meta-schema its value must satisfy. The source of truth
 * is schemas/meta/vocabulary.schema.json so that authors can read it next to their schemas.
 */
export const VOCABULARY_KEYWORDS: readonly string[] = Object.keys(vocabularyFile.keywords);

/** A self-contained meta-schema for one keyword: its own definition plus the shared definitions. */
export function keywordMetaSchema(keyword: string): JsonSchema {
  const definition = (vocabularyFile.keywords as Record<string, JsonSchema>)[keyword];
  if (!definition) throw new Error(`x-* keyword not registered: ${keyword}`);
  const { description: _description, ...rest } = definition;
  return { ...rest, definitions: vocabularyFile.definitions as Record<string, JsonSchema> };
}
