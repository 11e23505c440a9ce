import type { HttpSmsConfig } from '../../config/sender-config';
import { escapeForContentType, fillTemplate } from './fill-template';
import type { MessageTransport, OutgoingMessage } from '../delivery/message-transport';

const TIMEOUT_MS = 15_000;

function header(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Any SMS gateway that takes one HTTP request per message (a province's SMS platform, a carrier's
 * HTTP interface): SMS_HTTP_URL, SMS_HTTP_METHOD, SMS_HTTP_HEADERS and SMS_HTTP_BODY, with {phone},
 * {text} and {id} filled in and escaped for the body's Content-Type. A 2xx answer is a sent message.
 * The delivery id is also sent as Idempotency-Key, so a gateway that honours it sends a retried
 * message once.
 */
export function createHttpSmsTransport(config: HttpSmsConfig): MessageTransport {
  const contentType =
    header(config.headers, 'content-type') ?? (config.bodyTemplate === undefined ? undefined : 'application/json; charset=utf-8');
  return {
    kind: 'http',
    channel: 'sms',
    async deliver(message: OutgoingMessage) {
      const values = { phone: message.recipient, text: message.text, id: message.id };
      const headers: Record<string, string> = {
        'Idempotency-Key': message.id,
        ...config.headers,
        ...(contentType === undefined ? {} : { 'Content-Type': contentType }),
      };
      const response = await fetch(fillTemplate(config.url, values, 'url'), {
        method: config.method,
        headers,
        ...(config.bodyTemplate === undefined
          ? {}
          : { body: fillTemplate(config.bodyTemplate, values, escapeForContentType(contentType)) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The answer's body may echo the number or the text: only its status is kept.
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
      return {};
    },
  };
}
