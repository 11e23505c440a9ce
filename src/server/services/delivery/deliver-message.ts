import { personalCipherOf } from '../crypto/personal-cipher';
import { openIfSealed } from '../crypto/personal-values';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messageDeliveries } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { scrubText } from '../../lib/log-redaction';
import type { MessageTransport } from './message-transport';

export type DeliveryOutcome = 'sent' | 'alreadySent' | 'missing';

/** Which attempt of its job this is, as pg-boss counts them. */
export interface DeliveryAttempt {
  retryCount: number;
  retryLimit: number;
}

const ERROR_LENGTH = 500;

/** An attempt that failed; `final` when no retry is left. */
export class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

/**
 * One attempt at one delivery, idempotent by its id: a delivery already sent is never sent again, so a
 * job retried after the provider accepted and the row said so (a crash before pg-boss heard, a second
 * worker) does nothing. The row goes sending (attempts + 1) before the provider is called, then sent
 * with the body emptied; a failure is written as retrying, or failed on the last attempt, and thrown
 * so pg-boss retries with its back-off. A row found still sending is an attempt whose process died
 * mid-call: it is sent again with the same id as the provider's idempotency key (ADR 0034).
 */
export async function deliverMessage(
  db: Db,
  transports: Partial<Record<'sms' | 'mail', MessageTransport>>,
  id: string,
  attempt: DeliveryAttempt,
  clock: Clock,
): Promise<DeliveryOutcome> {
  const rows = await db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)).limit(1);
  const row = rows[0];
  if (!row) return 'missing';
  if (row.status === 'sent') return 'alreadySent';
  const claimed = await db
    .update(messageDeliveries)
    .set({ status: 'sending', attempts: row.attempts + 1, updatedAt: clock() })
    .where(and(eq(messageDeliveries.id, id), ne(messageDeliveries.status, 'sent')))
    .returning({ id: messageDeliveries.id });
  if (claimed.length === 0) return 'alreadySent';
  try {
    const channel = row.channel === 'mail' ? 'mail' : 'sms';
    const transport = transports[channel];
    if (!transport || transport.kind !== row.transport)
      throw new Error(`the ${row.transport} ${channel} sender is not configured in this process`);
    // Sealed in the queue (ADR 0070); a row queued before that holds it as it was.
    const recipient = await openIfSealed(personalCipherOf(db), row.recipient);
    const result = await transport.deliver({ id, channel, recipient, subject: row.subject, text: row.body });
    await db
      .update(messageDeliveries)
      .set({
        status: 'sent',
        sentAt: clock(),
        updatedAt: clock(),
        lastError: null,
        body: '',
        providerMessageId: result.providerMessageId ?? null,
      })
      .where(eq(messageDeliveries.id, id));
    return 'sent';
  } catch (error) {
    const final = attempt.retryCount >= attempt.retryLimit;
    // Shown to administrators and kept: the provider's words, with any number or address masked.
    const message = scrubText(error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH);
    await db
      .update(messageDeliveries)
      .set({ status: final ? 'failed' : 'retrying', lastError: message, updatedAt: clock(), ...(final ? { body: '' } : {}) })
      .where(and(eq(messageDeliveries.id, id), ne(messageDeliveries.status, 'sent')));
    // pg-boss keeps what is thrown in its job table: the scrubbed words, not the provider's error.
    throw new DeliveryFailed(message, final);
  }
}
