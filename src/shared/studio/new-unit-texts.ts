import { parse } from 'jsonc-parser';
import { MANIFEST_FILE, stepSchemaId } from '../activity/check-activity-folder';
import type { ActivityManifestFile } from '../generated/activity-manifest-file';
import { beijingDateTime } from '../rules/beijing-date-time';
import { jsonFileText } from '../schema/json-file-text';
import { RETIRED_FORM_KEYWORD } from '../schema/is-retired-form';
import { setJsonValue } from '../schema/set-json-value';
import type { ActivityTemplate } from './activity-templates';
import type { FormTemplate } from './form-templates';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const STEP_SUFFIX = '.schema.json';
/** A new activity's window: open from the moment it is made, for 90 days. */
const WINDOW_DAYS = 90;

export const formSchemaId = (name: string): string => `https://schemas.kechuang.local/forms/${name}${STEP_SUFFIX}`;
export const formFileName = (name: string): string => `${name}${STEP_SUFFIX}`;

/** A new activity folder's files from a template: the manifest with the id, title and a window from now, and one schema per step. */
export function activityTextsFromTemplate(template: ActivityTemplate, id: string, title: string, now: Date): Map<string, string> {
  const manifest: ActivityManifestFile = {
    id,
    title,
    summary: template.summary,
    window: {
      opensAt: beijingDateTime(now),
      closesAt: beijingDateTime(new Date(now.getTime() + WINDOW_DAYS * 24 * 60 * 60 * 1000)),
    },
    steps: template.steps.map(({ schema: _schema, ...step }) => ({ ...step, schema: `${step.key}${STEP_SUFFIX}` })),
  };
  const texts = new Map([[MANIFEST_FILE, jsonFileText(manifest)]]);
  for (const step of template.steps) {
    texts.set(
      `${step.key}${STEP_SUFFIX}`,
      jsonFileText({ $schema: DRAFT_07, $id: stepSchemaId(id, step.key), title: step.title, ...step.schema }),
    );
  }
  return texts;
}

/**
 * A copy of an activity folder under a new id: every file, with the manifest's id and title and each
 * step's `$id` (which names the folder) rewritten. A copy of a retired activity is live: `retired` is
 * dropped. A file that is not JSON is copied as it is; the check that follows names its problem.
 */
export function copiedActivityTexts(source: ReadonlyMap<string, string>, id: string, title: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [file, text] of source) {
    if (file === MANIFEST_FILE) {
      texts.set(file, setJsonValue(setJsonValue(setJsonValue(text, ['id'], id), ['title'], title), ['retired'], undefined));
    } else if (file.endsWith(STEP_SUFFIX) && typeof (parse(text) as { $id?: unknown } | undefined)?.$id === 'string') {
      texts.set(file, setJsonValue(text, ['$id'], stepSchemaId(id, file.slice(0, -STEP_SUFFIX.length))));
    } else {
      texts.set(file, text);
    }
  }
  return texts;
}

/** A new form's one file from a template. */
export function formTextsFromTemplate(template: FormTemplate, name: string, title: string): Map<string, string> {
  return new Map([[formFileName(name), jsonFileText({ $schema: DRAFT_07, $id: formSchemaId(name), title, ...template.schema })]]);
}

/**
 * A copy of a form under a new name: its `$id` (from which its generated type is named) and title
 * rewritten. A copy of a retired form is live: `x-retired` is dropped (ADR 0055).
 */
export function copiedFormTexts(source: ReadonlyMap<string, string>, name: string, title: string): Map<string, string> {
  const text = [...source.values()][0] ?? '';
  const renamed = setJsonValue(setJsonValue(text, ['$id'], formSchemaId(name)), ['title'], title);
  return new Map([[formFileName(name), setJsonValue(renamed, [RETIRED_FORM_KEYWORD], undefined)]]);
}

/** The activity's files with `"retired": true` in its manifest: what a retirement publishes. */
export function retiredActivityTexts(source: ReadonlyMap<string, string>): Map<string, string> {
  const texts = new Map(source);
  const manifest = source.get(MANIFEST_FILE);
  if (manifest !== undefined) texts.set(MANIFEST_FILE, setJsonValue(manifest, ['retired'], true));
  return texts;
}
