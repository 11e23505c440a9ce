import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/server-config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createDeliveryQueue, type DeliveryQueue } from '../delivery/delivery-queue';
import { createDisabledMailSender, createOutboxMailSender, createQueuedMailSender, type MailSender } from './mail-sender';
import type { MessageTransport } from '../delivery/message-transport';
import { createDisabledSmsSender, createOutboxSmsSender, createQueuedSmsSender, type SmsSender } from './sms-sender';
import { createHttpSmsTransport } from './http-sms-transport';
import { createSmtpMailTransport } from './smtp-mail-transport';
import { createTencentSmsTransport } from './tencent-sms-transport';

export interface BuiltSenders {
  smsSender: SmsSender;
  mailSender: MailSender;
  deliveryQueue: DeliveryQueue;
}

function smsTransport(config: ServerConfig): MessageTransport | undefined {
  // The signature's timestamp is the real time (Tencent refuses one 5 minutes off), not the app's clock.
  if (config.smsSender === 'tencent' && config.tencentSms) return createTencentSmsTransport(config.tencentSms);
  if (config.smsSender === 'http' && config.httpSms) return createHttpSmsTransport(config.httpSms);
  return undefined;
}

/**
 * The senders SMS_SENDER and MAIL_SENDER name (ADR 0034): a real one records the message and hands it
 * to the delivery queue; the outbox writes its table; none only logs. A sender passed to buildApp wins.
 * A config built without a kind (tests, scripts) gets the outbox outside production, as before, and
 * nothing in production (server.ts refuses that case before it gets here).
 */
export function buildSenders(
  config: ServerConfig,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  options: { revealInLog: boolean; smsSender?: SmsSender | undefined; mailSender?: MailSender | undefined },
): BuiltSenders {
  const sms = options.smsSender ? undefined : smsTransport(config);
  const mail = !options.mailSender && config.mailSender === 'smtp' && config.smtp ? createSmtpMailTransport(config.smtp) : undefined;
  const fallback = config.nodeEnv === 'production' ? 'none' : 'outbox';
  const deliveryQueue = createDeliveryQueue(db, clock, log, { ...(sms ? { sms } : {}), ...(mail ? { mail } : {}) });
  const smsSender =
    options.smsSender ??
    (sms
      ? createQueuedSmsSender(deliveryQueue)
      : (config.smsSender ?? fallback) === 'outbox'
        ? createOutboxSmsSender(db, log, { revealInLog: options.revealInLog })
        : createDisabledSmsSender(log));
  const mailSender =
    options.mailSender ??
    (mail
      ? createQueuedMailSender(deliveryQueue)
      : (config.mailSender ?? fallback) === 'outbox'
        ? createOutboxMailSender(db, log, { revealInLog: options.revealInLog })
        : createDisabledMailSender(log));
  return { smsSender, mailSender, deliveryQueue };
}
