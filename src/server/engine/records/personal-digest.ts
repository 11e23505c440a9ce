import type { MaskName } from '../../../shared/rules/mask';
import type { Db } from '../../db/database';
import { personalCipherOf } from '../../services/crypto/personal-cipher';
import { columnPath, type PersonalPaths } from '../../services/crypto/personal-values';

/** The kind of a personal top-level field (x-mask), or undefined for any other field. */
export function personalKindOf(personal: PersonalPaths, field: string): MaskName | undefined {
  return personal.sealedFields.find(([name]) => name === field)?.[1];
}

/** The kind of a personal column of a table (x-mask on the column), or undefined. */
export function personalColumnKindOf(personal: PersonalPaths, table: string, column: string): MaskName | undefined {
  return personal.sealedColumns.find(([name, cell]) => name === table && cell === column)?.[2];
}

/**
 * The blind index a value of `field` is compared by (ADR 0070): defined for a personal field, whose
 * stored value is sealed and cannot be compared in SQL; undefined for any other field, compared as text.
 */
export function personalDigest(db: Db, personal: PersonalPaths, field: string, value: string): string | undefined {
  const kind = personalKindOf(personal, field);
  return kind === undefined ? undefined : personalCipherOf(db).blindIndex(kind, value);
}

/** The same for a column of a table, under its BlindIndexes path (table[].column). */
export function personalColumnDigest(
  db: Db,
  personal: PersonalPaths,
  table: string,
  column: string,
  value: string,
): { path: string; digest: string } | undefined {
  const kind = personalColumnKindOf(personal, table, column);
  return kind === undefined ? undefined : { path: columnPath(table, column), digest: personalCipherOf(db).blindIndex(kind, value) };
}
