import type { MaskName } from '../../../shared/rules/mask';
import type { PersonalCipher } from './personal-cipher';

/**
 * Where an object's personal values are (SECURITY R34, ADR 0070): its x-mask fields, and the x-mask columns
 * of its tables (a team member's phone). The same shape as a compiled record's masked fields and columns,
 * so the one list that masks a value for staff is the list that seals it at rest.
 */
export interface PersonalPaths {
  readonly sealedFields: readonly (readonly [string, MaskName])[];
  readonly sealedColumns: readonly (readonly [string, string, MaskName])[];
}

/** The blind indexes of an object's personal values by path: "idNumber" → digest, "guests[].guestPhone" → digests. */
export type BlindIndexes = Record<string, string | string[]>;

/** How a column's values are named in BlindIndexes. */
export function columnPath(table: string, column: string): string {
  return `${table}[].${column}`;
}

export function hasPersonalPaths(paths: PersonalPaths | undefined): paths is PersonalPaths {
  return paths !== undefined && (paths.sealedFields.length > 0 || paths.sealedColumns.length > 0);
}

function isRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies `change` to every non-empty text at a personal path of `data`, returning a new object (the
 * caller's is not touched); `visit` sees each value before the change, with its path and kind.
 */
async function mapPersonal(
  paths: PersonalPaths,
  data: Readonly<Record<string, unknown>>,
  change: (value: string) => Promise<string>,
  visit?: (path: string, kind: MaskName, value: string) => void,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...data };
  for (const [field, kind] of paths.sealedFields) {
    const value = out[field];
    if (typeof value !== 'string' || value === '') continue;
    visit?.(field, kind, value);
    out[field] = await change(value);
  }
  for (const [table, column, kind] of paths.sealedColumns) {
    const rows = out[table];
    if (!Array.isArray(rows)) continue;
    const changed: unknown[] = [];
    for (const row of rows as unknown[]) {
      const value = isRow(row) ? row[column] : undefined;
      if (!isRow(row) || typeof value !== 'string' || value === '') {
        changed.push(row);
        continue;
      }
      visit?.(columnPath(table, column), kind, value);
      changed.push({ ...row, [column]: await change(value) });
    }
    out[table] = changed;
  }
  return out;
}

/**
 * The data as it is stored: every personal value sealed, with the blind index of each. A value that
 * is sealed already (a row re-sealed under a new key is opened first) is opened and sealed again.
 */
export async function sealPersonalValues(
  cipher: PersonalCipher,
  paths: PersonalPaths,
  data: Readonly<Record<string, unknown>>,
): Promise<{ data: Record<string, unknown>; blind: BlindIndexes }> {
  const blind: BlindIndexes = {};
  const clear = await openPersonalValues(cipher, paths, data);
  const sealed = await mapPersonal(
    paths,
    clear,
    (value) => cipher.seal(value),
    (path, kind, value) => {
      const digest = cipher.blindIndex(kind, value);
      if (path.includes('[].')) {
        const list = blind[path];
        const digests = Array.isArray(list) ? list : [];
        if (!digests.includes(digest)) digests.push(digest);
        blind[path] = digests;
      } else blind[path] = digest;
    },
  );
  return { data: sealed, blind };
}

/**
 * Opens a value that reads as sealed; anything else, and a text that only looks sealed (typed by someone,
 * or whose tag does not hold), is returned as it is: a read never fails on what a user could type.
 */
export async function openIfSealed(cipher: PersonalCipher, value: string): Promise<string> {
  if (cipher.keyIdOf(value) === undefined) return value;
  try {
    return await cipher.open(value);
  } catch {
    return value;
  }
}

/** The data as the portal reads it: every sealed personal value opened (a value written before encryption is as it was). */
export async function openPersonalValues(
  cipher: PersonalCipher,
  paths: PersonalPaths,
  data: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  return mapPersonal(paths, data, (value) => openIfSealed(cipher, value));
}

/**
 * Every sealed text anywhere in a JSON value opened, wherever it sits: an application keeps the values
 * sealed under the steps of the version it was written with, which a later version may have moved.
 */
export async function openSealedAnywhere(cipher: PersonalCipher, value: unknown): Promise<unknown> {
  if (typeof value === 'string') return openIfSealed(cipher, value);
  if (Array.isArray(value)) return Promise.all(value.map((item: unknown) => openSealedAnywhere(cipher, item)));
  if (isRow(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = await openSealedAnywhere(cipher, item);
    return out;
  }
  return value;
}

/** Whether every personal value of `data` is sealed with the key `keyId` (nothing for the re-seal pass to do). */
export function sealedWith(cipher: PersonalCipher, paths: PersonalPaths, data: Readonly<Record<string, unknown>>, keyId: string): boolean {
  let all = true;
  const check = (value: unknown): void => {
    if (typeof value === 'string' && value !== '' && cipher.keyIdOf(value) !== keyId) all = false;
  };
  for (const [field] of paths.sealedFields) check(data[field]);
  for (const [table, column] of paths.sealedColumns) {
    const rows = data[table];
    if (Array.isArray(rows)) for (const row of rows as unknown[]) if (isRow(row)) check(row[column]);
  }
  return all;
}
