import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { MaskName } from '../../../shared/rules/mask';
import type { CipherAlgorithm } from '../../config/cipher-algorithm';
import type { Db } from '../../db/database';
import { dataKeys } from '../../db/schema';
import { deriveKey, KEY_MATERIAL_BYTES, keyedDigest, openBytes, sealBytes } from './cipher-suite';

/** What a sealed value starts with: the format's version, then the id of the data key that sealed it. */
const PREFIX = 'kc1:';
const INDEX_KEY_ID = 'index-1';
// A process picks up a key made by keys:rotate (in another process) within this long.
const CURRENT_KEY_TTL_MS = 30_000;

/**
 * Seals and opens personal fields (SECURITY R34, ADR 0066), and computes their blind indexes. One per
 * database: the keys live wrapped in its data_keys table, the master key outside it.
 */
export interface PersonalCipher {
  /** Seals `text` with the newest data key: `kc1:<key id>:<base64 of IV, tag and body>`. */
  seal(text: string): Promise<string>;
  /** Opens a sealed value; a value not sealed (written before encryption, sealed at the next start) is returned as it is. */
  open(stored: string): Promise<string>;
  /** The data key a sealed value names, or undefined for a value not sealed. */
  keyIdOf(stored: string): string | undefined;
  /** The keyed digest of a normalised value: the same for the same value, so SQL can find and keep it unique. */
  blindIndex(kind: PersonalKind, text: string): string;
  /** The id of the key new values are sealed with. */
  currentKeyId(): Promise<string>;
  /** Makes a new data key the current one and retires the others (keys:rotate); returns its id. */
  rotate(): Promise<string>;
}

/** The personal fields' kinds are the x-mask kinds: each normalises its value before its blind index. */
export type PersonalKind = MaskName;

/** The same number typed two ways finds the same record: spaces, hyphens and case do not count. */
export function normalisePersonal(kind: PersonalKind, text: string): string {
  const trimmed = text.trim();
  if (kind === 'phone' || kind === 'bankAccount') return trimmed.replace(/[\s-]/g, '').replace(/^\+86/, '');
  if (kind === 'idNumber' || kind === 'passport') return trimmed.replace(/\s/g, '').toUpperCase();
  return trimmed.toLowerCase();
}

interface LoadedKey {
  algorithm: CipherAlgorithm;
  material: Buffer;
}

function isAlgorithm(value: string): value is CipherAlgorithm {
  return value === 'sm4' || value === 'aes-256-gcm';
}

/** The wrapping binds a key to its id and purpose, so a wrapped key cannot be passed off as another. */
function wrapAad(id: string, purpose: string): Buffer {
  return Buffer.from(`data-key:${id}:${purpose}`);
}

/**
 * Opens the database's keys under `master`, making the index key and a first data key when there are
 * none (two processes starting at once: the index key's fixed id lets one win; two first data keys are
 * both valid). New data keys use `algorithm`; a key keeps the algorithm it was made with.
 */
export async function openPersonalCipher(db: Db, master: Buffer, algorithm: CipherAlgorithm): Promise<PersonalCipher> {
  const wrapKey = (keyAlgorithm: CipherAlgorithm): Buffer => deriveKey(keyAlgorithm, master, 'wrap');
  const keys = new Map<string, LoadedKey>();

  const unwrap = (row: { id: string; purpose: string; algorithm: string; wrapped: string }): LoadedKey => {
    if (!isAlgorithm(row.algorithm)) throw new Error(`data key ${row.id} names an unknown cipher ${row.algorithm}`);
    try {
      const material = openBytes(row.algorithm, wrapKey(row.algorithm), Buffer.from(row.wrapped, 'base64'), wrapAad(row.id, row.purpose));
      return { algorithm: row.algorithm, material };
    } catch {
      // The one failure worth its own words: the database and the key file do not belong together.
      throw new Error(
        `data key ${row.id} cannot be unwrapped: DATA_KEY (or the data folder's key file) is not the key this database was sealed with`,
      );
    }
  };

  const insertKey = async (id: string, purpose: 'data' | 'index'): Promise<void> => {
    const material = randomBytes(KEY_MATERIAL_BYTES);
    const wrapped = sealBytes(algorithm, wrapKey(algorithm), material, wrapAad(id, purpose)).toString('base64');
    await db.insert(dataKeys).values({ id, purpose, algorithm, wrapped }).onConflictDoNothing();
  };

  const loadAll = async (): Promise<void> => {
    for (const row of await db.select().from(dataKeys)) if (!keys.has(row.id)) keys.set(row.id, unwrap(row));
  };

  await insertKey(INDEX_KEY_ID, 'index');
  await loadAll();
  const indexKey = keys.get(INDEX_KEY_ID);
  if (!indexKey) throw new Error('the blind index key is missing');

  let current: { id: string; readAt: number } | undefined;
  const currentKeyId = async (): Promise<string> => {
    if (current && Date.now() - current.readAt < CURRENT_KEY_TTL_MS) return current.id;
    const newest = async () =>
      (
        await db
          .select({ id: dataKeys.id })
          .from(dataKeys)
          .where(and(eq(dataKeys.purpose, 'data'), isNull(dataKeys.retiredAt)))
          .orderBy(desc(dataKeys.createdAt), desc(dataKeys.id))
          .limit(1)
      )[0]?.id;
    let id = await newest();
    if (!id) {
      await insertKey(`k${randomBytes(4).toString('hex')}`, 'data');
      id = await newest();
    }
    if (!id) throw new Error('no data key could be made');
    if (!keys.has(id)) await loadAll();
    current = { id, readAt: Date.now() };
    return id;
  };

  const keyFor = async (id: string): Promise<LoadedKey> => {
    let key = keys.get(id);
    // A key made by another process since this one loaded its keys.
    if (!key) {
      await loadAll();
      key = keys.get(id);
    }
    if (!key) throw new Error(`sealed value names an unknown data key ${id}`);
    return key;
  };

  const keyIdOf = (stored: string): string | undefined => {
    if (!stored.startsWith(PREFIX)) return undefined;
    const end = stored.indexOf(':', PREFIX.length);
    return end > PREFIX.length ? stored.slice(PREFIX.length, end) : undefined;
  };

  await currentKeyId();
  return {
    keyIdOf,
    async seal(text) {
      const id = await currentKeyId();
      const key = await keyFor(id);
      const sealed = sealBytes(key.algorithm, key.material, Buffer.from(text, 'utf8'), Buffer.from(`${PREFIX}${id}`));
      return `${PREFIX}${id}:${sealed.toString('base64')}`;
    },
    async open(stored) {
      const id = keyIdOf(stored);
      if (id === undefined) return stored;
      const key = await keyFor(id);
      const body = Buffer.from(stored.slice(PREFIX.length + id.length + 1), 'base64');
      return openBytes(key.algorithm, key.material, body, Buffer.from(`${PREFIX}${id}`)).toString('utf8');
    },
    blindIndex(kind, text) {
      return keyedDigest(indexKey.algorithm, indexKey.material, `${kind}:${normalisePersonal(kind, text)}`);
    },
    currentKeyId,
    async rotate() {
      const id = `k${randomBytes(4).toString('hex')}`;
      await insertKey(id, 'data');
      await db
        .update(dataKeys)
        .set({ retiredAt: new Date() })
        .where(and(eq(dataKeys.purpose, 'data'), isNull(dataKeys.retiredAt), ne(dataKeys.id, id)));
      current = undefined;
      await loadAll();
      return id;
    },
  };
}

/*
 * Which cipher serves which database. Every writer and reader of a personal column reaches it through the
 * database it uses (createUser(db, …) is called from the seed, the routes and the tests alike), and an app
 * binds it when it opens its database; a database no app opened has none, and the call fails loudly.
 */
const ciphers = new WeakMap<Db, PersonalCipher>();

export function bindPersonalCipher(db: Db, cipher: PersonalCipher): void {
  ciphers.set(db, cipher);
}

export function personalCipherOf(db: Db): PersonalCipher {
  const cipher = ciphers.get(db);
  if (!cipher) throw new Error('no personal cipher is bound to this database (prepareDatabase binds it)');
  return cipher;
}
