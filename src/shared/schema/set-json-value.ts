import { applyEdits, modify, type JSONPath } from 'jsonc-parser';

/**
 * Sets one value in a JSON text (undefined removes it), keeping the rest of the text (its layout, the
 * order of its keys) as the author wrote it: what the studio's copies and retirements publish reads as
 * the author's file with one change, in the versions list and in git.
 */
export function setJsonValue(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}
