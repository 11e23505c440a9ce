import { and, eq, isNotNull, isNull, notLike, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { personalCipherOf } from '../crypto/personal-cipher';

/** An account's phone and e-mail as users holds them: both sealed, the phone with its blind index (ADR 0066). */
export interface SealedContact {
  phone: string | null;
  phoneIndex: string | null;
  email: string | null;
}

/** Seals a phone and an e-mail for users; undefined leaves a column out (an update that does not touch it). */
export async function sealContact(
  db: Db,
  contact: { phone?: string | null | undefined; email?: string | null | undefined },
): Promise<Partial<SealedContact>> {
  const sealed: Partial<SealedContact> = {};
  // Asked for only when there is something to seal: an account without phone or e-mail needs no key.
  const cipher = () => personalCipherOf(db);
  if (contact.phone !== undefined) {
    sealed.phone = contact.phone === null ? null : await cipher().seal(contact.phone);
    sealed.phoneIndex = contact.phone === null ? null : cipher().blindIndex('phone', contact.phone);
  }
  if (contact.email !== undefined) sealed.email = contact.email === null ? null : await cipher().seal(contact.email);
  return sealed;
}

/** Opens a sealed phone or e-mail read from users. */
export async function openContact(db: Db, stored: string | null): Promise<string | null> {
  return stored === null ? null : personalCipherOf(db).open(stored);
}

/** The condition that finds the account of a phone number: by its blind index, the phone itself is never compared. */
export function phoneIs(db: Db, phone: string) {
  return eq(users.phoneIndex, personalCipherOf(db).blindIndex('phone', phone));
}

const BATCH = 200;

/**
 * Seals every phone and e-mail not sealed with the current data key: those written before encryption
 * (at start-up) and those of a retired key (keys:rotate), a batch at a time, so the portal keeps
 * serving. Returns how many accounts it re-sealed.
 */
export async function resealContacts(db: Db): Promise<number> {
  const cipher = personalCipherOf(db);
  const prefix = `kc1:${await cipher.currentKeyId()}:%`;
  const stale = or(and(isNotNull(users.phone), notLike(users.phone, prefix)), and(isNotNull(users.email), notLike(users.email, prefix)));
  let total = 0;
  for (;;) {
    const rows = await db.select({ id: users.id, phone: users.phone, email: users.email }).from(users).where(stale).limit(BATCH);
    if (rows.length === 0) return total;
    for (const row of rows) {
      const contact = { phone: await openContact(db, row.phone), email: await openContact(db, row.email) };
      // Only the row as it was read: an owner's change in between keeps the owner's value.
      await db
        .update(users)
        .set(await sealContact(db, contact))
        .where(and(eq(users.id, row.id), row.phone === null ? isNull(users.phone) : eq(users.phone, row.phone)));
    }
    total += rows.length;
  }
}
