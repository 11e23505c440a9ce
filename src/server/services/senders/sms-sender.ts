import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { smsOutbox } from '../../db/schema';
import { maskPhone } from '../../../shared/rules/mask';
import type { DeliveryQueue } from '../delivery/delivery-queue';

/**
 * Delivers one text message. SMS_SENDER picks the built-in one (ADR 0034): the outbox, or a gateway
 * (Tencent Cloud, an HTTP template) behind the delivery queue; buildApp({ smsSender }) takes another.
 * Call it after the caller's transaction has committed. It may throw (the message could not even be
 * recorded); callers log that and answer as if it had gone.
 */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The development sender: each message goes to the sms_outbox table and to the server log, so the
 * reset and registration flows work end to end with no gateway (and tests read the code back).
 */
export function createOutboxSmsSender(db: Db, log: FastifyBaseLogger, options: { revealInLog: boolean }): SmsSender {
  return {
    async send(phone, text) {
      await db.insert(smsOutbox).values({ phone, text });
      // The code is the credential: only the embedded demo on loopback, whose phones are fictitious and
      // whose log is the only way to read it, prints the message (issue 15).
      const message = options.revealInLog ? { message: text } : {};
      log.info(
        { recipient: maskPhone(phone), ...message },
        'sms outbox: message written to sms_outbox (development sender, nothing delivered)',
      );
    },
  };
}

/**
 * A real gateway's sender: the message is recorded and handed to the delivery queue, and send()
 * returns; a job delivers it with retries (ADR 0034), so a slow or failing gateway never holds up
 * or fails the request that sent it.
 */
export function createQueuedSmsSender(queue: DeliveryQueue): SmsSender {
  return {
    async send(phone, text) {
      await queue.enqueue('sms', phone, null, text);
    },
  };
}

/** SMS_SENDER=none: nothing is recorded or sent, and the log says so (the number masked). */
export function createDisabledSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone) {
      log.warn({ recipient: maskPhone(phone) }, 'sms not sent: SMS_SENDER=none');
    },
  };
}
