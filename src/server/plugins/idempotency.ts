import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../shared/api/idempotency';
import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/sha256';
import { enableCommitHooks, withCommitHook } from '../db/commit-hooks';
import { claimKey, completeKey, markCommitted, readKey, releaseKey, type StoredKey } from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A create or submit that takes an `Idempotency-Key` (SECURITY R37, ADR 0064): the same key and
     * body from the same caller answer the first answer again instead of running twice.
     */
    idempotent?: true;
  }
}

/** How long a request waits for the first request with its key to answer before it gets 409. */
const IN_FLIGHT_WAIT_MS = 10_000;
const POLL_MS = 50;

/** Printable ASCII without spaces, as UUIDs and the IETF draft's examples are; at most 255 characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  scope: string;
  key: string;
  /** Set once the answer is stored or the claim given up. */
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();
const replays = new WeakSet<FastifyRequest>();

/** JSON with every object's keys sorted: the same body gives the same fingerprint whatever order its keys came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What the key promises: this method, this URL (query included) and this body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body;
  const text = Buffer.isBuffer(body) ? body.toString('base64') : typeof body === 'string' ? body : canonicalJson(body ?? null);
  return sha256Hex(`${request.method} ${request.url}\n${text}`);
}

/** Keys are the caller's own: the user, or for a visitor the trusted client address (R28's request.ip). */
function scopeOf(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

function replay(reply: FastifyReply, stored: StoredKey & { status: number }): FastifyReply {
  replays.add(reply.request);
  if (stored.contentType) reply.header('content-type', stored.contentType);
  return reply
    .code(stored.status)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .send(stored.body ?? '');
}

/**
 * How a stored answer is kept: an answer repeats what was created, a phone or an identity number included
 * (the owner reads their own whole), so the app seals it with the personal data's cipher (SECURITY R34,
 * ADR 0070). Given by the app: this floor does not reach the services.
 */
export interface AnswerSealing {
  seal(text: string): Promise<string>;
  open(text: string): Promise<string>;
}

const CLEAR: AnswerSealing = { seal: async (text) => text, open: async (text) => text };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency-Key on every route marked `config.idempotent` (the creates and submits), once for all of
 * them, never in a handler (ADR 0064). After access and validation, the first request with a key claims
 * it in the database (so it holds across processes) and runs; its 2xx answer is stored before it is
 * sent, and a failure gives the claim up (nothing was written, so a retry may run). Another request
 * with the key: the same method, URL and body gets the stored answer again (`Idempotent-Replayed:
 * true`), a different one 422; while the first still runs it waits for its answer, up to 10 s, then 409.
 * The handler's own transactions also mark the key committed (ADR 0071): a claim whose process died
 * after its write committed answers 409 instead of writing again. No key, today's behaviour. Install
 * on the root instance before any route is registered.
 */
export function installIdempotency(app: FastifyInstance, sealing: AnswerSealing = CLEAR): void {
  const { db } = app.database;
  enableCommitHooks(db);

  /** The claim this request runs under, or undefined when it has none (or has been answered from the store). */
  async function claimFor(request: FastifyRequest, reply: FastifyReply): Promise<Claim | undefined> {
    if (request.routeOptions.config.idempotent !== true) return undefined;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError(400, 'idempotencyKeyInvalid');
    const scope = scopeOf(request);
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      if (await claimKey(db, scope, header, fingerprint, app.clock())) {
        const claim: Claim = { scope, key: header, settled: false };
        claims.set(request, claim);
        return claim;
      }
      const stored = await readKey(db, scope, header);
      // Given up (or swept) between the two reads: claim it again.
      if (!stored) continue;
      if (stored.fingerprint !== fingerprint) throw new AppError(422, 'idempotencyKeyReused');
      if (stored.status !== null) {
        replay(reply, { ...stored, status: stored.status, body: stored.body === null ? null : await sealing.open(stored.body) });
        return undefined;
      }
      // Its write committed, and its process ended before the answer was stored: running it again
      // would write twice, and the answer is lost (ADR 0071).
      if (stored.committedAt !== null && stored.lockedUntil <= app.clock()) throw new AppError(409, 'idempotencyKeyCommitted');
      if (Date.now() >= deadline) throw new AppError(409, 'idempotencyKeyInFlight');
      await sleep(POLL_MS);
    }
  }

  // A callback hook, so that the handler runs inside withCommitHook: every transaction it opens also
  // marks the key committed, in that transaction (ADR 0071). A replay has answered: no done().
  app.addHook('preHandler', (request, reply, done) => {
    claimFor(request, reply).then(
      (claim) => {
        if (replays.has(request)) return;
        if (!claim) return done();
        withCommitHook((tx) => markCommitted(tx, claim.scope, claim.key, app.clock()), done);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });

  // Stored before the answer leaves, so a retry that follows it finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.settled || replays.has(request)) return payload;
    claim.settled = true;
    const status = reply.statusCode;
    if (status >= 200 && status < 300 && typeof payload === 'string') {
      const contentType = reply.getHeader('content-type');
      await completeKey(db, claim.scope, claim.key, {
        status,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: await sealing.seal(payload),
      });
    } else {
      await releaseKey(db, claim.scope, claim.key);
    }
    return payload;
  });

  // An answer that never reached onSend (the connection went first): give the claim up.
  app.addHook('onResponse', async (request) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return;
    claim.settled = true;
    await releaseKey(db, claim.scope, claim.key).catch((error: unknown) => request.log.error({ err: error }, 'idempotency release failed'));
  });
}
