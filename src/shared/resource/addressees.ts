import type { ResourceFile } from '../generated/resource-file';
import { maskPhone } from '../rules/mask';

export type Addressees = NonNullable<ResourceFile['addressees']>;

function rowsOf(addressees: Addressees, data: Record<string, unknown>): Record<string, unknown>[] {
  const rows = data[addressees.field];
  return Array.isArray(rows) ? rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null) : [];
}

/**
 * Whether one of the record's addressee rows carries this mobile number, in a state in which the
 * record has reached its addressees (`states`; the caller passes whether a state is private).
 */
export function isAddressedTo(
  addressees: Addressees,
  row: { status: string; data: Record<string, unknown> },
  phone: string | null,
  isPrivate: (state: string) => boolean,
): boolean {
  if (!phone) return false;
  if (addressees.states ? !addressees.states.includes(row.status) : isPrivate(row.status)) return false;
  return rowsOf(addressees, row.data).some((entry) => entry[addressees.phoneField] === phone);
}

/**
 * The record as one addressee may see it: the other addressees' numbers masked (SECURITY R35), so a
 * guest learns who else is invited but not how to call them.
 */
export function maskOtherAddressees(addressees: Addressees, data: Record<string, unknown>, phone: string | null): Record<string, unknown> {
  const rows = data[addressees.field];
  if (!Array.isArray(rows)) return data;
  return {
    ...data,
    [addressees.field]: rows.map((row: unknown) => {
      if (typeof row !== 'object' || row === null) return row;
      const value = (row as Record<string, unknown>)[addressees.phoneField];
      return typeof value === 'string' && value !== phone ? { ...row, [addressees.phoneField]: maskPhone(value) } : row;
    }),
  };
}
