import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id minimum (SECURITY R02). Algorithm is an ambient const enum, which isolatedModules
// cannot read, so its value (Argon2id = 2) is written out.
const ARGON2ID_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verifying against a throwaway hash when the user does not exist keeps both failures equally slow. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('kechuang-dummy-password');
  await verifyPassword(await dummyHash, password);
}
