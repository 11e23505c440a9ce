import { readdir } from 'node:fs/promises';
import { readTextIfPresent } from '../../lib/read-text-if-present';
import { join } from 'node:path';
import { sha256Hex } from '../../lib/sha256';
import { SchemaUnitError, type SkippedUnit, type UnitProblem } from './schema-unit-error';
import { writeUnitFiles } from './unit-files';
import type { UnitKind, UnitRegistry } from './unit-registry';

/** What differs between the kinds whose units are one file each in one folder (dashboards, dictionaries). */
export interface SingleFileKind<Unit> {
  kind: UnitKind;
  /** The folder under the schemas folder: `dashboards`, `dicts`. */
  subdir: string;
  /** The file's name after the unit's name: `.dashboard.json`, `.json`. */
  suffix: string;
  /** The names a unit may have (its file's stem). */
  name: RegExp;
  /** What the kind is called in the one-file refusal: 看板, 字典. */
  noun: string;
  /** Checks and compiles a unit's text; throws SchemaUnitError with every problem. */
  compile(name: string, text: string): Unit;
  /** What the studio lists the live unit as. */
  title(unit: Unit): string;
  preview(unit: Unit): Record<string, unknown>;
}

/** Parses a unit file's JSON and runs the kind's check over it (schemas:check's own); throws SchemaUnitError with every problem. */
export function checkedJson(file: string, text: string, check: (value: unknown) => Omit<UnitProblem, 'file'>[]): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SchemaUnitError(file, [{ file, pointer: '', message: `不是合法的 JSON：${(error as Error).message}` }]);
  }
  const problems = check(value);
  if (problems.length > 0)
    throw new SchemaUnitError(
      file,
      problems.map((problem) => ({ file, ...problem })),
    );
  return value;
}

/**
 * Loads a kind whose units are one file each in one folder, and serves them to the studio, a
 * publication and the schema sync. A file that does not check is left out like a broken folder: named
 * in the log, /api/health and the studio, to be fixed and published without a restart; the others are
 * served. `live()` gives the kind's own registry its compiled units.
 */
export async function loadSingleFileUnits<Unit>(
  schemasDir: string,
  spec: SingleFileKind<Unit>,
): Promise<{ registry: UnitRegistry<Unit>; live: () => Unit[]; textOf: (name: string, texts: ReadonlyMap<string, string>) => string }> {
  const dir = join(schemasDir, spec.subdir);
  const fileOf = (name: string) => `${name}${spec.suffix}`;
  const path = (name: string) => `${spec.subdir}/${fileOf(name)}`;
  const live = new Map<string, { unit: Unit; text: string }>();
  const skipped: SkippedUnit[] = [];

  const namesOnDisk = async (): Promise<string[]> => {
    try {
      return (await readdir(dir)).flatMap((file) => {
        const name = file.slice(0, -spec.suffix.length);
        return file.endsWith(spec.suffix) && spec.name.test(name) ? [name] : [];
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };

  for (const name of await namesOnDisk()) {
    const text = (await readTextIfPresent(join(dir, fileOf(name)))) ?? '';
    try {
      live.set(name, { unit: spec.compile(name, text), text });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
      skipped.push(error.unit);
    }
  }

  /** The one text of a candidate, refused when it is not the unit's file alone. */
  const textOf = (name: string, texts: ReadonlyMap<string, string>): string => {
    const file = fileOf(name);
    if (!spec.name.test(name) || texts.size !== 1 || !texts.has(file))
      throw new SchemaUnitError(path(name), [{ file: path(name), pointer: '', message: `${spec.noun}只有一个文件：${path(name)}` }]);
    return texts.get(file) ?? '';
  };

  const registry: UnitRegistry<Unit> = {
    kind: spec.kind,
    path,
    filePrefix: () => `${spec.subdir}/`,
    unitNames: async () => [...new Set([...live.keys(), ...(await namesOnDisk())])].sort(),
    get: (name) => live.get(name)?.unit,
    texts: (name) => {
      const entry = live.get(name);
      return entry ? new Map([[fileOf(name), entry.text]]) : undefined;
    },
    read: async (name) => {
      if (!spec.name.test(name)) return undefined;
      const text = await readTextIfPresent(join(dir, fileOf(name)));
      return text === undefined ? undefined : new Map([[fileOf(name), text]]);
    },
    // The folder holds one file per unit: only this one's is written.
    write: (_name, texts) => writeUnitFiles(dir, texts, { removeOthers: false }),
    versionOf: (texts) => sha256Hex([...texts.values()][0] ?? ''),
    title: (name) => {
      const entry = live.get(name);
      return entry ? spec.title(entry.unit) : name;
    },
    compile: async (name, texts) => spec.compile(name, textOf(name, texts)),
    preview: (unit) => spec.preview(unit),
    canInstall: () => true,
    install: (name, texts) => {
      const text = textOf(name, texts);
      const unit = spec.compile(name, text);
      live.set(name, { unit, text });
      const index = skipped.findIndex((entry) => entry.path === path(name));
      if (index !== -1) skipped.splice(index, 1);
      return unit;
    },
    skipped: () => skipped,
  };
  return { registry, live: () => [...live.values()].map((entry) => entry.unit), textOf };
}
