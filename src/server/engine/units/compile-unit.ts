import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { FastifyInstance } from 'fastify';
import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { largestUploadLimit } from './resolve-upload-field';
import { compileActivityFolder } from './activity-registry';
import { compileFormSchema, FORM_SCHEMA_SUFFIX, type FormSchemaEntry } from './schema-registry';
import { compileResourceFolder, loadSharedWorkflows, type CompiledResource, type ResourceRegistry } from './resource-registry';
import { missingDicts } from './missing-dicts';
import { AppError } from '../../lib/app-error';
import { SchemaUnitError, type UnitProblem } from './schema-unit-error';
import { unitFilePrefix, unitPath, unitVersion } from './studio-units';

export type CompiledUnit = { kind: 'activity'; activity: CompiledActivity; version: string } | { kind: 'form'; form: FormSchemaEntry; version: string } | { kind: 'resource'; resource: CompiledResource; version: string };

/** Where a candidate is checked: the schemas folder, the resource folders that are live, and the attachment parser's stop. */
export interface CompileContext {
  schemasDir: string;
  resources: ResourceRegistry;
  uploadLimit: number;
}

export function compileContextOf(app: FastifyInstance): CompileContext {
  return { schemasDir: app.appConfig.schemasDir, resources: app.resources, uploadLimit: app.uploadLimit };
}

/** A file whose upload field allows more than the attachment route, set at start-up, accepts. */
function uploadLimitProblems(unit: StudioUnitQuery, texts: ReadonlyMap<string, string>, uploadLimit: number): UnitProblem[] {
  return [...texts].flatMap(([file, text]) =>
    largestUploadLimit([JSON.parse(text) as JsonSchema], 0) > uploadLimit
      ? [{ file: `${unitFilePrefix(unit)}${file}`, pointer: '', message: `上传大小上限（x-upload 的 maxSize）超过了服务器启动时的附件上限 ${Math.floor(uploadLimit / 1024 / 1024)} MB，不能在线发布；请修改文件后重启门户` }]
      : [],
  );
}

/**
 * A candidate's text checked and compiled the one way the check, the impact report and a publication
 * all use; throws SchemaUnitError with every problem as schemas:check words it. Dictionaries are
 * checked across the tree by schemas:check, so they are looked up here too. A live resource folder's
 * candidate is also checked across folders and against what its running routes were built from.
 */
export async function compileUnit({ schemasDir, resources, uploadLimit }: CompileContext, unit: StudioUnitQuery, texts: ReadonlyMap<string, string>): Promise<CompiledUnit> {
  const nested = unit.kind === 'resource' ? undefined : [...texts.keys()].find((file) => file.includes('/'));
  if (nested !== undefined) throw new SchemaUnitError(unitPath(unit), [{ file: `${unitPath(unit)}/${nested}`, pointer: '', message: '活动文件夹和表单没有子文件夹' }]);
  const formFile = `${unit.name}${FORM_SCHEMA_SUFFIX}`;
  if (unit.kind === 'form' && (texts.size !== 1 || !texts.has(formFile))) throw new SchemaUnitError(unitPath(unit), [{ file: unitPath(unit), pointer: '', message: `表单只有一个文件：${formFile}` }]);
  let compiled: CompiledUnit;
  if (unit.kind === 'activity') {
    const activity = compileActivityFolder(unit.name, texts);
    compiled = { kind: 'activity', activity, version: activity.definition.version };
  } else if (unit.kind === 'resource') {
    // A folder left out at start-up is checked on its own: it goes live at the next start.
    const resource = resources.get(unit.name) ? resources.check(unit.name, texts) : compileResourceFolder(unit.name, texts, await loadSharedWorkflows(schemasDir));
    compiled = { kind: 'resource', resource, version: unitVersion(unit.kind, texts) };
  } else {
    const form = compileFormSchema(unit.name, texts.get(formFile) ?? '');
    compiled = { kind: 'form', form, version: form.version };
  }
  const dictionaries = await missingDicts(schemasDir, texts, unitFilePrefix(unit));
  if (dictionaries.length > 0) throw new SchemaUnitError(unitPath(unit), dictionaries);
  const uploads = uploadLimitProblems(unit, texts, uploadLimit);
  if (uploads.length > 0) throw new SchemaUnitError(unitPath(unit), uploads);
  return compiled;
}

/** compileUnit for a request that needs a good candidate (the impact report, a publication): a problem is a 400 listing each. */
export async function compileUnitOrRefuse(context: CompileContext, unit: StudioUnitQuery, texts: ReadonlyMap<string, string>): Promise<CompiledUnit> {
  try {
    return await compileUnit(context, unit, texts);
  } catch (error) {
    if (error instanceof SchemaUnitError) throw new AppError(400, 'schemaInvalid', { data: { problems: error.unit.problems } });
    throw error;
  }
}
