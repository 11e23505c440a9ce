import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { scrubText } from '../../lib/log-redaction';

/** Delivers one plain-text e-mail; a real SMTP or API sender is passed to buildApp({ mailSender }). */
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
