import type { FastifyInstance } from 'fastify';
import { knownDicts, type KnownDicts } from '../../services/dict/dict-store';
import { missingDicts } from './missing-dicts';
import { newlyRetiredDicts } from './newly-retired-dicts';
import { AppError } from '../../lib/app-error';
import { SchemaUnitError } from './schema-unit-error';
import type { UnitRegistry } from './unit-registry';

/** A candidate that checked: compiled, and the version a record would remember of it. */
export interface CompiledUnit<Unit> {
  unit: Unit;
  version: string;
}

/** What a candidate is checked against besides its own text: the dictionaries, read from the database (ADR 0046, 0055). */
export interface CompileContext {
  dicts: () => Promise<KnownDicts>;
}

export function compileContextOf(app: FastifyInstance): CompileContext {
  return { dicts: () => knownDicts(app.database.db) };
}

/**
 * A candidate's text checked and compiled the one way the check, the impact report and a publication
 * all use; throws SchemaUnitError with every problem as schemas:check words it. Dictionaries are
 * checked across the tree by schemas:check, so they are looked up here too; a retired one only where
 * the live version of the unit already names it (ADR 0055). A live resource folder's
 * candidate is also checked across folders and against what its running routes were built from
 * (its registry's compile).
 */
export async function compileUnit<Unit>(
  context: CompileContext,
  registry: UnitRegistry<Unit>,
  name: string,
  texts: ReadonlyMap<string, string>,
): Promise<CompiledUnit<Unit>> {
  const unit = await registry.compile(name, texts);
  const dicts = await context.dicts();
  const prefix = registry.filePrefix(name);
  const dictionaries = [
    ...missingDicts(dicts.codes, texts, prefix),
    ...newlyRetiredDicts(dicts.retired, registry.texts(name), texts, prefix),
  ];
  if (dictionaries.length > 0) throw new SchemaUnitError(registry.path(name), dictionaries);
  return { unit, version: registry.versionOf(texts) };
}

/** compileUnit for a request that needs a good candidate (the impact report, a publication): a problem is a 400 listing each. */
export async function compileUnitOrRefuse<Unit>(
  context: CompileContext,
  registry: UnitRegistry<Unit>,
  name: string,
  texts: ReadonlyMap<string, string>,
): Promise<CompiledUnit<Unit>> {
  try {
    return await compileUnit(context, registry, name, texts);
  } catch (error) {
    if (error instanceof SchemaUnitError) throw new AppError(400, 'schemaInvalid', { data: { problems: error.unit.problems } });
    throw error;
  }
}
