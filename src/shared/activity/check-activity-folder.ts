import type { ValidateFunction } from 'ajv';
import manifestMetaSchema from '../../../schemas/meta/activity-manifest.schema.json';
import type { ActivityManifestFile } from '../generated/activity-manifest-file';
import { authoringMessage } from '../schema/authoring-message';
import { checkSchema } from '../schema/check-schema';
import { checkUploadNode, FILE_REF_SCHEMA_ID } from '../schema/check-upload-node';
import { deriveConditions, UnsupportedConditionError } from '../schema/conditions';
import { createAjv } from '../schema/create-ajv';
import { isJsonSchema, type JsonSchema } from '../schema/json-schema';
import { escapePointer } from '../schema/escape-pointer';
import { RETIRED_FORM_KEYWORD } from '../schema/is-retired-form';
import { stepSchemaId } from './step-schema-id';

/** One problem in an activity folder: the file (relative to the folder), a JSON pointer and a Chinese message. */
export interface FolderProblem {
  file: string;
  pointer: string;
  message: string;
}

export const MANIFEST_FILE = 'manifest.json';
const ARRAY_COMPONENTS = new Set(['ArrayTable', 'ArrayCards']);

let validateManifest: ValidateFunction<ActivityManifestFile> | undefined;

export { stepSchemaId };

/** Every field a condition names must be a sibling the object declares; a typo would never show. */
function checkConditionFields(node: JsonSchema, pointer: string, add: (pointer: string, message: string) => void): void {
  const holders: Array<[JsonSchema, string]> = [[node, pointer]];
  (node.allOf ?? []).forEach((entry, index) => holders.push([entry, `${pointer}/allOf/${index}`]));
  for (const [holder, at] of holders) {
    if (!holder.if) continue;
    for (const part of ['if', 'then', 'else'] as const) {
      const branch = holder[part];
      if (!branch) continue;
      const named: Array<[string, string]> = [
        ...(branch.required ?? []).map((field, index): [string, string] => [field, `${at}/${part}/required/${index}`]),
        ...Object.keys(branch.properties ?? {}).map((field): [string, string] => [
          field,
          `${at}/${part}/properties/${escapePointer(field)}`,
        ]),
      ];
      for (const [field, fieldPointer] of named) {
        if (!node.properties?.[field]) add(fieldPointer, `条件中的字段 "${field}" 没有在同一层的 properties 中定义`);
      }
    }
  }
}

/**
 * Where a node sits in a step: the step itself (root), its own fields (top), the row object of a
 * top-level array (row), that row's fields (cell), or anywhere deeper (nested). x-unique is checked
 * over top-level fields and table cells (unique-fields.ts), nowhere else.
 */
type StepLevel = 'root' | 'top' | 'row' | 'cell' | 'nested';

/** Rules a form schema does not need but an activity step does: uploads, arrays, conditions, uniqueness. */
function checkStepNode(node: JsonSchema, pointer: string, level: StepLevel, add: (pointer: string, message: string) => void): void {
  const component = node['x-component'];
  const type = node.type;
  if (node.$ref !== undefined && node.$ref !== FILE_REF_SCHEMA_ID)
    add(`${pointer}/$ref`, `$ref 只能引用附件引用 schema "${FILE_REF_SCHEMA_ID}"`);
  if (checkUploadNode(node, pointer, add)) return;
  if (node['x-unique'] !== undefined && !((level === 'top' || level === 'cell') && type === 'string'))
    add(`${pointer}/x-unique`, 'x-unique 只能写在步骤顶层的文本（string）字段或顶层表格每行的文本字段上');
  if (level === 'root' && node[RETIRED_FORM_KEYWORD] !== undefined)
    add(
      `${pointer}/${RETIRED_FORM_KEYWORD}`,
      `申报步骤不能写 ${RETIRED_FORM_KEYWORD}：停用申报活动请在 manifest.json 中写 "retired": true`,
    );
  if (typeof component === 'string' && ARRAY_COMPONENTS.has(component)) {
    const items = Array.isArray(node.items) ? undefined : node.items;
    if (type !== 'array' || !items || items.type !== 'object')
      add(pointer, `${component} 字段的 type 应为 "array"，items 应为 type 为 "object" 的对象`);
  }
  if (type === 'object' || node.properties) {
    if (node.additionalProperties !== false) add(pointer, '每一层对象都应写 "additionalProperties": false，以拒绝未定义的字段');
    try {
      deriveConditions(node, pointer);
      checkConditionFields(node, pointer, add);
    } catch (error) {
      if (!(error instanceof UnsupportedConditionError)) throw error;
      add(error.pointer, error.message.slice(error.pointer.length + 2));
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const childLevel = level === 'root' ? 'top' : level === 'row' ? 'cell' : 'nested';
      if (isJsonSchema(child)) checkStepNode(child, `${pointer}/properties/${escapePointer(name)}`, childLevel, add);
    }
  }
  if (type === 'array' && isJsonSchema(node.items)) checkStepNode(node.items, `${pointer}/items`, level === 'top' ? 'row' : 'nested', add);
}

function checkStep(
  activityId: string,
  step: ActivityManifestFile['steps'][number],
  index: number,
  files: ReadonlyMap<string, unknown>,
  problems: FolderProblem[],
): void {
  const at = `/steps/${index}`;
  if (step.schema !== `${step.key}.schema.json`) {
    problems.push({
      file: MANIFEST_FILE,
      pointer: `${at}/schema`,
      message: `步骤 "${step.key}" 的 schema 文件名应为 "${step.key}.schema.json"`,
    });
    return;
  }
  const schema = files.get(step.schema);
  if (schema === undefined) {
    problems.push({
      file: MANIFEST_FILE,
      pointer: `${at}/schema`,
      message: `找不到步骤文件 "${step.schema}"（应与 manifest.json 放在同一文件夹）`,
    });
    return;
  }
  const add = (pointer: string, message: string): void => void problems.push({ file: step.schema, pointer, message });
  for (const problem of checkSchema(schema)) add(problem.pointer, problem.message);
  if (!isJsonSchema(schema)) return;
  const expectedId = stepSchemaId(activityId, step.key);
  if (schema.$id !== expectedId) add('/$id', `$id 应为 "${expectedId}"`);
  if (schema.type !== 'object') add('/type', '步骤 schema 的 type 应为 "object"');
  checkStepNode(schema, '', 'root', add);
}

/**
 * Every problem in one activity folder, as `npm run schemas:check` and the server's start-up report
 * them: the manifest against its meta-schema, then each step file (the form-schema checks plus the
 * rules for uploads, arrays, conditions and x-unique). `files` maps each file name in the folder to its
 * parsed JSON. Empty means the folder is good.
 */
export function checkActivityFolder(folderName: string, files: ReadonlyMap<string, unknown>): FolderProblem[] {
  const problems: FolderProblem[] = [];
  const manifest = files.get(MANIFEST_FILE);
  if (manifest === undefined) return [{ file: MANIFEST_FILE, pointer: '', message: `活动文件夹 "${folderName}" 缺少 manifest.json` }];
  validateManifest ??= createAjv().compile<ActivityManifestFile>(manifestMetaSchema);
  if (!validateManifest(manifest)) {
    return (validateManifest.errors ?? []).map((error) => ({
      file: MANIFEST_FILE,
      pointer: error.instancePath,
      message: authoringMessage(error),
    }));
  }
  if (manifest.id !== folderName)
    problems.push({ file: MANIFEST_FILE, pointer: '/id', message: `id "${manifest.id}" 应与文件夹名 "${folderName}" 相同` });
  const { opensAt, closesAt } = manifest.window;
  if (!(new Date(opensAt).getTime() < new Date(closesAt).getTime())) {
    problems.push({ file: MANIFEST_FILE, pointer: '/window/closesAt', message: '截止时间 closesAt 应晚于开始时间 opensAt' });
  }
  for (const property of ['key', 'route', 'resource'] as const) {
    const seen = new Map<string, number>();
    manifest.steps.forEach((step, index) => {
      const value = step[property];
      if (value === undefined) return;
      const first = seen.get(value);
      if (first !== undefined)
        problems.push({
          file: MANIFEST_FILE,
          pointer: `/steps/${index}/${property}`,
          message: `${property} "${value}" 与第 ${first + 1} 步重复`,
        });
      else seen.set(value, index);
    });
  }
  manifest.steps.forEach((step, index) => checkStep(manifest.id, step, index, files, problems));
  const referenced = new Set([MANIFEST_FILE, ...manifest.steps.map((step) => step.schema)]);
  for (const file of files.keys()) {
    if (!referenced.has(file))
      problems.push({ file, pointer: '', message: '该文件没有被 manifest.json 的 steps 引用（多余的文件请删除）' });
  }
  return problems;
}
