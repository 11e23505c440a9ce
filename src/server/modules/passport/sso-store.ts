import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { externalIdentities, ssoStates, ssoTickets } from '../../db/schema';
import { sha256Hex } from '../../lib/sha256';

export const SSO_STATE_LIFETIME_MS = 10 * 60 * 1000;
export const SSO_TICKET_LIFETIME_MS = 10 * 60 * 1000;

const randomToken = (): string => randomBytes(32).toString('base64url');

/** A new state bound to where the browser returns, with its PKCE verifier; only the hash is kept. */
export async function createSsoState(db: Db, redirect: string, now: Date): Promise<{ state: string; codeVerifier: string }> {
  const state = randomToken();
  const codeVerifier = randomToken();
  await db.delete(ssoStates).where(lte(ssoStates.expiresAt, now));
  await db.insert(ssoStates).values({
    stateHash: sha256Hex(state),
    redirect,
    codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SSO_STATE_LIFETIME_MS),
  });
  return { state, codeVerifier };
}

/** Single use: deleted by the read itself. Undefined for an unknown, reused or expired state. */
export async function consumeSsoState(db: Db, state: string, now: Date): Promise<{ redirect: string; codeVerifier: string } | undefined> {
  const rows = await db
    .delete(ssoStates)
    .where(eq(ssoStates.stateHash, sha256Hex(state)))
    .returning();
  const row = rows[0];
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
  return { redirect: row.redirect, codeVerifier: row.codeVerifier };
}

export async function findLinkedUser(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const rows = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.userId;
}

/** A short-lived ticket that lets the person who just signed in at the provider bind a local account. */
export async function createSsoTicket(db: Db, issuer: string, subject: string, redirect: string, now: Date): Promise<string> {
  const ticket = randomToken();
  await db.delete(ssoTickets).where(lte(ssoTickets.expiresAt, now));
  await db.insert(ssoTickets).values({
    ticketHash: sha256Hex(ticket),
    issuer,
    subject,
    redirect,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SSO_TICKET_LIFETIME_MS),
  });
  return ticket;
}

export interface SsoTicket {
  issuer: string;
  subject: string;
  redirect: string;
}

/** Looks at a live ticket without spending it: a mistyped password must not cost the SSO round trip. */
export async function peekSsoTicket(db: Db, ticket: string, now: Date): Promise<SsoTicket | undefined> {
  const rows = await db
    .select({ issuer: ssoTickets.issuer, subject: ssoTickets.subject, redirect: ssoTickets.redirect })
    .from(ssoTickets)
    .where(and(eq(ssoTickets.ticketHash, sha256Hex(ticket)), gt(ssoTickets.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/** Spends a ticket; false when another request spent it first. */
export async function consumeSsoTicket(db: Db, ticket: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(ssoTickets)
    .where(and(eq(ssoTickets.ticketHash, sha256Hex(ticket)), gt(ssoTickets.expiresAt, now)))
    .returning({ issuer: ssoTickets.issuer });
  return rows.length === 1;
}
