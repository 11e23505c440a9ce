import type { Db } from '../db/database';
import { resealRecords } from '../engine/records/reseal-records';
import { resealApplications } from '../modules/application/reseal-applications';
import type { SealedStep } from '../modules/application/application-personal';
import { personalCipherOf } from '../services/crypto/personal-cipher';
import type { PersonalPaths } from '../services/crypto/personal-values';
import { resealContacts } from '../services/users/user-contact';

/** What else holds sealed personal values: the record folders and the activities (their x-mask paths). */
export interface SealedHolders {
  resources?: Iterable<PersonalPaths & { name: string }>;
  activities?: Iterable<{ definition: { id: string; steps: readonly SealedStep[] } }>;
}

/**
 * npm run keys:rotate (SECURITY R34, ADR 0066, ADR 0070): a new data key seals from now on, every other is
 * retired, and what they sealed (accounts, records, then applications) is re-sealed a batch at a time while the portal
 * serves. A process that has not yet seen the new key keeps writing with the old one for up to 30 s; the
 * next start re-seals those too.
 */
export async function rotatePersonalKeys(
  db: Db,
  holders: SealedHolders = {},
): Promise<{ keyId: string; resealed: { accounts: number; records: number; applications: number } }> {
  const keyId = await personalCipherOf(db).rotate();
  const accounts = await resealContacts(db);
  const records = holders.resources ? await resealRecords(db, holders.resources) : 0;
  const applications = holders.activities ? await resealApplications(db, holders.activities) : 0;
  return { keyId, resealed: { accounts, records, applications } };
}
