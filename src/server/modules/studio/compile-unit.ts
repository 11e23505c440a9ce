import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import { compileActivityFolder } from '../activity/activity-registry';
import { compileFormSchema, FORM_SCHEMA_SUFFIX, type FormSchemaEntry } from '../form-schemas/schema-registry';
import { compileResourceFolder, loadSharedWorkflows, type CompiledResource } from '../resource/resource-registry';
import { missingDicts } from './missing-dicts';
import { SchemaUnitError } from './schema-unit-error';
import { unitFilePrefix, unitPath, unitVersion } from './studio-units';

export type CompiledUnit = { kind: 'activity'; activity: CompiledActivity; version: string } | { kind: 'form'; form: FormSchemaEntry; version: string } | { kind: 'resource'; resource: CompiledResource; version: string };

/**
 * A candidate's text checked and compiled the one way the check, the impact report and a publication
 * all use; throws SchemaUnitError with every problem as schemas:check words it. Dictionaries are
 * checked across the tree by schemas:check, so they are looked up here too.
 */
export async function compileUnit(schemasDir: string, unit: StudioUnitQuery, texts: ReadonlyMap<string, string>): Promise<CompiledUnit> {
  const nested = unit.kind === 'resource' ? undefined : [...texts.keys()].find((file) => file.includes('/'));
  if (nested !== undefined) throw new SchemaUnitError(unitPath(unit), [{ file: `${unitPath(unit)}/${nested}`, pointer: '', message: '活动文件夹和表单没有子文件夹' }]);
  const formFile = `${unit.name}${FORM_SCHEMA_SUFFIX}`;
  if (unit.kind === 'form' && (texts.size !== 1 || !texts.has(formFile))) throw new SchemaUnitError(unitPath(unit), [{ file: unitPath(unit), pointer: '', message: `表单只有一个文件：${formFile}` }]);
  let compiled: CompiledUnit;
  if (unit.kind === 'activity') {
    const activity = compileActivityFolder(unit.name, texts);
    compiled = { kind: 'activity', activity, version: activity.definition.version };
  } else if (unit.kind === 'resource') {
    // The folder on its own; the checks across folders run at the next start (and in schemas:check).
    compiled = { kind: 'resource', resource: compileResourceFolder(unit.name, texts, await loadSharedWorkflows(schemasDir)), version: unitVersion(unit.kind, texts) };
  } else {
    const form = compileFormSchema(unit.name, texts.get(formFile) ?? '');
    compiled = { kind: 'form', form, version: form.version };
  }
  const dictionaries = await missingDicts(schemasDir, texts, unitFilePrefix(unit));
  if (dictionaries.length > 0) throw new SchemaUnitError(unitPath(unit), dictionaries);
  return compiled;
}
