import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';

/** Delivers one plain-text e-mail; a real SMTP or API sender is passed to buildApp({ mailSender }). */
export interface MailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** The development sender: the mail_outbox table plus the server log, the same pattern as SMS. */
export function createOutboxMailSender(db: Db, log: FastifyBaseLogger): MailSender {
  return {
    async send(to, subject, text) {
      await db.insert(mailOutbox).values({ toAddress: to, subject, text });
      log.info({ to, subject, text }, 'mail outbox: message written (development sender, nothing delivered)');
    },
  };
}
