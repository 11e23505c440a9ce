import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config/sender-config';
import { isLoopbackHost } from '../../config/server-config';
import type { MessageTransport, OutgoingMessage } from '../delivery/message-transport';

/**
 * Mail through an SMTP relay (nodemailer), from SMTP_URL: smtps:// speaks TLS from the first byte
 * (port 465 by default); smtp:// must upgrade with STARTTLS (port 587 by default) unless the relay is on
 * this machine, so the password in the URL never crosses a network in clear. The delivery id is the
 * Message-ID, so a message retried after a crash can be recognised by the receiving side.
 */
export function createSmtpMailTransport(config: SmtpConfig): MessageTransport {
  const url = new URL(config.url);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    requireTLS: !secure && !isLoopbackHost(url.hostname),
    ...(url.username === '' ? {} : { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    tls: { minVersion: 'TLSv1.2' },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // nodemailer's own log would print addresses: off.
    logger: false,
  });
  return {
    kind: 'smtp',
    channel: 'mail',
    async deliver(message: OutgoingMessage) {
      const info = await transporter.sendMail({
        from: config.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        messageId: `<${message.id}@kechuang-portal>`,
        textEncoding: 'base64',
      });
      if (info.rejected.length > 0) throw new Error(`the SMTP relay refused the recipient: ${String(info.response)}`);
      return { providerMessageId: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}
