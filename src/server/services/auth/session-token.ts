import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/sha256';

/** 32 random bytes, base64url: 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Only this hash is stored: the database never holds a usable token. */
export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}
