import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { personalCipherOf } from '../crypto/personal-cipher';
import type { MailSender } from '../senders/mail-sender';
import type { SmsSender } from '../senders/sms-sender';
import type { NoticeDelivery } from './write-notices';

/**
 * Hands each delivery to its sender once the transition has committed. A refused or failed send is
 * logged and dropped: the message-centre row is already written, and the decision it reports stands.
 */
export async function deliverNotices(
  senders: { smsSender: SmsSender; mailSender: MailSender; database: { db: Db } },
  log: FastifyBaseLogger,
  deliveries: readonly NoticeDelivery[],
): Promise<void> {
  for (const delivery of deliveries) {
    try {
      // Opened only now, on its way to the sender: users holds it sealed (ADR 0066).
      const address = await personalCipherOf(senders.database.db).open(delivery.address);
      if (delivery.channel === 'sms') await senders.smsSender.send(address, delivery.text);
      else await senders.mailSender.send(address, delivery.subject, delivery.text);
    } catch (error) {
      // The address is personal data: the log names the channel and the reason only.
      log.warn(
        { channel: delivery.channel, err: error instanceof Error ? error.message : String(error) },
        'notification channel send failed',
      );
    }
  }
}
