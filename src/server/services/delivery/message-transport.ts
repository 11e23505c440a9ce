/** One message as a transport hands it to the provider. */
export interface OutgoingMessage {
  /** The delivery's id: the provider's idempotency key, where it takes one, and the mail's Message-ID. */
  id: string;
  channel: 'sms' | 'mail';
  recipient: string;
  subject: string | null;
  text: string;
}

/**
 * What actually reaches a provider (an SMTP relay, Tencent Cloud SMS, an HTTP gateway). It throws when
 * the provider refuses or cannot be reached; the delivery job records the error and retries.
 */
export interface MessageTransport {
  /** The sender kind, stored with each delivery (smtp, tencent, http). */
  kind: string;
  channel: 'sms' | 'mail';
  deliver(message: OutgoingMessage): Promise<{ providerMessageId?: string }>;
  /** Releases pooled connections at shutdown. */
  close?(): void;
}
