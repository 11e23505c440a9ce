import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { smsOutbox } from '../../db/schema';
import { maskPhone } from '../../../shared/rules/mask';

/**
 * Delivers one text message. A real gateway (Aliyun, Tencent Cloud, the commission's own SMS
 * platform…) implements this and is passed to buildApp({ smsSender }); ADR 0005 shows how.
 * It should throw when the gateway refuses, so the failure reaches the log.
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
