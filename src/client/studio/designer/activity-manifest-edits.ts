import { stepSchemaId } from '../../../shared/activity/step-schema-id';
import type { ActivityManifestFile as ActivityManifest } from '../../../shared/generated/activity-manifest-file';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { newFieldSchema } from './field-kind';
import { NEW_FIELD, NEW_STEP } from './new-field-titles';
import { setKeyword } from './schema-edits';
import { jsonFileText } from '../../../shared/schema/json-file-text';

export type ManifestStep = ActivityManifest['steps'][number];

/** A step's schema file as a fresh step starts: one text field, so it checks and can be filled at once. */
export function newStepSchema(activityId: string, key: string): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: stepSchemaId(activityId, key),
    title: NEW_STEP.zh,
    type: 'object',
    'x-locale': { 'en-US': { title: NEW_STEP.en } },
    additionalProperties: false,
    required: ['text'],
    properties: { text: newFieldSchema('text', NEW_FIELD) },
  };
}

/** A step key not yet used, with its file name free too. */
function freeStepKey(manifest: ActivityManifest, files: Readonly<Record<string, string>>): string {
  const taken = new Set(manifest.steps.map((step) => step.key));
  for (let n = manifest.steps.length + 1; ; n += 1) {
    const key = `step${n}`;
    if (!taken.has(key) && !(`${key}.schema.json` in files)) return key;
  }
}

/** Adds a step last, with its own schema file: the files of the unit after the change. */
export function addStep(manifest: ActivityManifest, files: Readonly<Record<string, string>>): Record<string, string> {
  const key = freeStepKey(manifest, files);
  const file = `${key}.schema.json`;
  const next = structuredClone(manifest);
  next.steps.push({ key, title: NEW_STEP.zh, schema: file, locale: { 'en-US': { title: NEW_STEP.en } } });
  return {
    ...files,
    'manifest.json': jsonFileText(next as unknown as JsonSchema),
    [file]: jsonFileText(newStepSchema(manifest.id, key)),
  };
}

/** Removes a step, and its file when no other step uses it. A manifest keeps at least one step (the checker's rule). */
export function removeStep(manifest: ActivityManifest, files: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const step = manifest.steps.find((entry) => entry.key === key);
  if (!step || manifest.steps.length <= 1) return { ...files };
  const next = structuredClone(manifest);
  next.steps = next.steps.filter((entry) => entry.key !== key);
  const { [step.schema]: _gone, ...rest } = files;
  const kept = next.steps.some((entry) => entry.schema === step.schema) ? files : rest;
  return { ...kept, 'manifest.json': jsonFileText(next as unknown as JsonSchema) };
}

/** Moves a step one place up or down. */
export function moveStep(manifest: ActivityManifest, key: string, by: -1 | 1): ActivityManifest {
  const from = manifest.steps.findIndex((entry) => entry.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= manifest.steps.length) return manifest;
  const next = structuredClone(manifest);
  const [step] = next.steps.splice(from, 1);
  if (step) next.steps.splice(to, 0, step);
  return next;
}

/** Sets a text of the manifest or of one of its steps, zh-CN in place, en-US under locale; an empty English text is removed. */
export function setManifestText(
  manifest: ActivityManifest,
  target: { step?: string; key: 'title' | 'summary'; english: boolean },
  value: string,
): ActivityManifest {
  const next = structuredClone(manifest);
  const node: Record<string, unknown> | undefined =
    target.step === undefined
      ? (next as unknown as Record<string, unknown>)
      : (next.steps.find((entry) => entry.key === target.step) as Record<string, unknown> | undefined);
  if (!node) return manifest;
  if (!target.english) {
    setKeyword(node, target.key, value);
    return next;
  }
  const locale = { ...((node['locale'] as Record<string, Record<string, unknown>> | undefined) ?? {}) };
  const english = { ...(locale['en-US'] ?? {}) };
  setKeyword(english, target.key, value === '' ? undefined : value);
  setKeyword(locale, 'en-US', Object.keys(english).length > 0 ? english : undefined);
  setKeyword(node, 'locale', Object.keys(locale).length > 0 ? locale : undefined);
  return next;
}
