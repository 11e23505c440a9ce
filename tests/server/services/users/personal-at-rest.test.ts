import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeys, users } from '../../../../src/server/db/schema';
import { openPersonalCipher, personalCipherOf } from '../../../../src/server/services/crypto/personal-cipher';
import { openContact } from '../../../../src/server/services/users/user-contact';
import { prepareDatabase } from '../../../../src/server/seed/prepare-database';
import { rotatePersonalKeys } from '../../../../src/server/seed/rotate-personal-keys';
import { createPhoneUser, freshIp, lastSmsCode, sendSms, type PhoneUser } from '../../helpers/passport-fixtures';
import { createTestApp, REPO_SCHEMAS_DIR, TEST_DATA_KEY, type TestApp } from '../../helpers/test-app';

const MASTER = Buffer.from(TEST_DATA_KEY, 'base64');

/** Every text column of users as SQL reads it, whatever the app would make of it. */
async function usersAsStored(t: TestApp): Promise<string> {
  const result = await t.database.executeSql('SELECT * FROM users');
  return JSON.stringify(result.rows);
}

describe('accounts’ phones and e-mail at rest (SECURITY R34, ADR 0066)', () => {
  let t: TestApp;
  let person: PhoneUser;
  beforeAll(async () => {
    t = await createTestApp({ seedDemoUsers: true });
    person = await createPhoneUser(t, 'rest');
  });
  afterAll(() => t?.close());

  /** The portal still finds the account by its phone: the SMS reset sends its code and takes it. */
  async function resetWorks(): Promise<void> {
    expect((await sendSms(t, person.phone, 'resetPassword')).statusCode).toBe(200);
    const code = await lastSmsCode(t, person.phone);
    expect(code).toMatch(/^\d{6}$/);
    const password = `Rs-${Math.random().toString(16).slice(2, 8)}Q7`;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/resetPassword',
      remoteAddress: freshIp(),
      payload: { phone: person.phone, smsCode: code, password, confirmPassword: password },
    });
    expect(reset.statusCode).toBe(200);
    // 60 s between two codes to one phone.
    t.clock.advance(61_000);
  }

  async function nothingInClear(): Promise<void> {
    const stored = await usersAsStored(t);
    expect(stored).not.toContain(person.phone);
    expect(stored).not.toContain(`${person.username}@example.com`);
    // The demo accounts too: 13800000001… and their addresses.
    expect(stored).not.toMatch(/1380000000\d/);
    expect(stored).not.toContain('@example.com');
  }

  it('keeps no phone or e-mail in clear in the users table; the keys are stored wrapped', async () => {
    await nothingInClear();
    const row = (await t.db.select({ phone: users.phone, index: users.phoneIndex }).from(users).where(eq(users.id, person.id)))[0];
    expect(row?.phone).toMatch(/^kc1:k[0-9a-f]{8}:/);
    expect(row?.index).toMatch(/^[0-9a-f]{64}$/);
    expect(await openContact(t.db, row?.phone ?? null)).toBe(person.phone);
    const keys = await t.db.select().from(dataKeys);
    expect(keys.map((key) => key.purpose).sort()).toEqual(['data', 'index']);
    for (const key of keys) expect(Buffer.from(key.wrapped, 'base64').includes(MASTER)).toBe(false);
  });

  it('finds the account by its phone, written either way, and keeps one account per phone', async () => {
    await resetWorks();
    // The code's store and its daily counter name the number by its blind index only.
    for (const table of ['sms_codes', 'rate_limits']) {
      expect(JSON.stringify((await t.database.executeSql(`SELECT * FROM ${table}`)).rows)).not.toContain(person.phone);
    }
    const cipher = personalCipherOf(t.db);
    const spaced = `${person.phone.slice(0, 3)} ${person.phone.slice(3, 7)} ${person.phone.slice(7)}`;
    expect(cipher.blindIndex('phone', spaced)).toBe(cipher.blindIndex('phone', person.phone));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/register',
      remoteAddress: freshIp(),
      payload: {
        username: 'rest_dup',
        password: 'Dup-passw0rd!',
        confirmPassword: 'Dup-passw0rd!',
        phone: person.phone,
        smsCode: '000000',
        email: 'dup@example.com',
      },
    });
    // Refused on its code before the phone is named (only the holder of the code learns the phone is taken).
    expect(again.statusCode).toBe(400);
    await expect(
      t.db.execute(sql`UPDATE users SET phone_index = ${cipher.blindIndex('phone', person.phone)} WHERE username = 'applicant'`),
    ).rejects.toThrow();
  });

  it('seals, at the next start, an account written in clear before encryption', async () => {
    await t.db.execute(
      sql`UPDATE users SET phone = '13900009999', phone_index = NULL, email = 'legacy@example.com' WHERE username = 'member'`,
    );
    await prepareDatabase(t.database, { schemasDir: REPO_SCHEMAS_DIR, seedDemoUsers: true, dataMasterKey: MASTER });
    const stored = await usersAsStored(t);
    expect(stored).not.toContain('13900009999');
    expect(stored).not.toContain('legacy@example.com');
    const row = (await t.db.select({ phone: users.phone, index: users.phoneIndex }).from(users).where(eq(users.username, 'member')))[0];
    expect(await openContact(t.db, row?.phone ?? null)).toBe('13900009999');
    expect(row?.index).toBe(personalCipherOf(t.db).blindIndex('phone', '13900009999'));
  });

  it('keys:rotate re-seals every account under a new key, and the portal works as before', async () => {
    const before = await personalCipherOf(t.db).currentKeyId();
    const { keyId, resealed } = await rotatePersonalKeys(t.db);
    expect(keyId).not.toBe(before);
    expect(resealed.accounts).toBeGreaterThanOrEqual(10);
    const stored = await usersAsStored(t);
    expect(stored).not.toContain(`kc1:${before}:`);
    expect(stored).toContain(`kc1:${keyId}:`);
    const retired = await t.db.select({ id: dataKeys.id, retiredAt: dataKeys.retiredAt }).from(dataKeys).where(eq(dataKeys.id, before));
    expect(retired[0]?.retiredAt).toBeInstanceOf(Date);
    await nothingInClear();
    await resetWorks();
  });

  it('refuses to start with another master key: the database and the key file do not belong together', async () => {
    await expect(openPersonalCipher(t.db, Buffer.alloc(32, 9), 'sm4')).rejects.toThrow(/not the key this database was sealed with/);
  });
});
