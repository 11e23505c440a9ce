import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { scrubText } from '../../lib/log-redaction';
import type { DeliveryQueue } from '../delivery/delivery-queue';

/**
 * Delivers one plain-text e-mail: the outbox, or SMTP behind the delivery queue (MAIL_SENDER, ADR 0034);
 * buildApp({ mailSender }) takes another. Called, like SmsSender, after the caller's transaction.
 */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** The development sender: the mail_outbox table plus the server log, the same pattern as SMS. */
export function createOutboxMailSender(db: Db, log: FastifyBaseLogger, options: { revealInLog: boolean }): MailSender {
  return {
    async send(to, subject, text) {
      await db.insert(mailOutbox).values({ toAddress: to, subject, text });
      // The activation link is the credential: printed only by the embedded demo on loopback (issue 15).
      const message = options.revealInLog ? { message: text } : {};
      log.info(
        { recipient: scrubText(to), subject, ...message },
        'mail outbox: message written to mail_outbox (development sender, nothing delivered)',
      );
    },
  };
}

/** SMTP's sender: recorded and handed to the delivery queue; a job delivers it with retries (ADR 0034). */
export function createQueuedMailSender(queue: DeliveryQueue): MailSender {
  return {
    async send(to, subject, text) {
      await queue.enqueue('mail', to, subject, text);
    },
  };
}

/** MAIL_SENDER=none: nothing is recorded or sent, and the log says so (the address masked). */
export function createDisabledMailSender(log: FastifyBaseLogger): MailSender {
  return {
    async send(to) {
      log.warn({ recipient: scrubText(to) }, 'mail not sent: MAIL_SENDER=none');
    },
  };
}
