import type { Db } from '../db/database';
import { personalCipherOf } from '../services/crypto/personal-cipher';
import { resealContacts } from '../services/users/user-contact';

/**
 * npm run keys:rotate (SECURITY R34, ADR 0066): a new data key seals from now on, every other is retired,
 * and what they sealed is re-sealed a batch at a time while the portal serves. A process that has not yet
 * seen the new key keeps writing with the old one for up to 30 s; the next start re-seals those too.
 */
export async function rotatePersonalKeys(db: Db): Promise<{ keyId: string; resealed: { accounts: number } }> {
  const keyId = await personalCipherOf(db).rotate();
  return { keyId, resealed: { accounts: await resealContacts(db) } };
}
