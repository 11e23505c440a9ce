import { dropHiddenFields } from '../../../shared/schema/drop-hidden-fields';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { sanitizeRichTextFields } from '../../lib/sanitize-rich-text';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One step's data as it may be stored, the way the resource write pipeline shapes a record: a
 * cleared field counts as not filled in (ADR 0001); rich text keeps only the allowlist's HTML
 * (SECURITY R22), and a text with nothing visible left counts as cleared too, so ajv judges what is
 * stored; a field an if/then hides is dropped, as the browser drops it. Pure, and a second pass
 * changes nothing, so stored data checked again is checked as it was saved.
 */
export function cleanStepData(schema: JsonSchema, value: unknown): unknown {
  const pruned = pruneEmpty(value);
  const sanitised = isRecord(pruned) ? pruneEmpty(sanitizeRichTextFields(schema, pruned)) : pruned;
  return dropHiddenFields(schema, sanitised);
}
