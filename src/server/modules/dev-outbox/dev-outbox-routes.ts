import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, smsOutbox } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { oneStringSchema } from '../../lib/one-string-schema';

export const DEV_OUTBOX_SMS_PATH = '/dev/outbox/sms';
export const DEV_OUTBOX_MAIL_PATH = '/dev/outbox/mail';

const PHONE_QUERY = oneStringSchema('phone', { minLength: 1, maxLength: 20 });
const MAIL_QUERY = oneStringSchema('to', { minLength: 1, maxLength: 254 });
const SENT_AT = { type: 'string', format: 'date-time' };
const SMS = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'createdAt'],
  properties: { text: { type: 'string' }, createdAt: SENT_AT },
};
const MAIL = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'text', 'createdAt'],
  properties: { subject: { type: 'string' }, text: { type: 'string' }, createdAt: SENT_AT },
};

/** The newest message of an outbox query (limit 1), or 404 when nothing was sent there. */
function newest<Row extends { createdAt: Date }>(rows: Row[]): Omit<Row, 'createdAt'> & { createdAt: string } {
  const row = rows[0];
  if (!row) throw new AppError(404, 'notFound');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Reads the development senders' outboxes back (ADR 0005), so that the end-to-end tests can type the
 * SMS code and follow the activation link a person would receive. It exposes every code, so app.ts
 * mounts it only for the test-mode demo server (NODE_ENV=test with the demo seed), never elsewhere.
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get<{ Querystring: { phone: string } }>(
    DEV_OUTBOX_SMS_PATH,
    {
      config: { access: 'public' },
      schema: { summary: '测试用：读取发给某手机号的最新短信', tags: ['测试'], querystring: PHONE_QUERY, response: okResponse(SMS) },
    },
    async (request) =>
      ok(
        newest(
          await db
            .select({ text: smsOutbox.text, createdAt: smsOutbox.createdAt })
            .from(smsOutbox)
            .where(eq(smsOutbox.phone, request.query.phone))
            .orderBy(desc(smsOutbox.createdAt))
            .limit(1),
        ),
      ),
  );

  app.get<{ Querystring: { to: string } }>(
    DEV_OUTBOX_MAIL_PATH,
    {
      config: { access: 'public' },
      schema: { summary: '测试用：读取发给某邮箱的最新邮件', tags: ['测试'], querystring: MAIL_QUERY, response: okResponse(MAIL) },
    },
    async (request) =>
      ok(
        newest(
          await db
            .select({ subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
            .from(mailOutbox)
            .where(eq(mailOutbox.toAddress, request.query.to))
            .orderBy(desc(mailOutbox.createdAt))
            .limit(1),
        ),
      ),
  );
}
