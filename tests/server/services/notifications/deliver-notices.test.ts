import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { personalCipherOf } from '../../../../src/server/services/crypto/personal-cipher';
import { deliverNotices } from '../../../../src/server/services/notifications/deliver-notices';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('deliverNotices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens each sealed address and hands the delivery to its sender; a failed send neither throws nor stops the others', async () => {
    const sms = vi.fn(async (phone: string) => {
      if (phone === '13900000001') throw new Error('gateway refused');
    });
    const mail = vi.fn(async () => undefined);
    const warn = vi.fn();
    const seal = (text: string) => personalCipherOf(t.db).seal(text);
    await deliverNotices(
      { smsSender: { send: sms }, mailSender: { send: mail }, database: t.database },
      { warn } as unknown as FastifyBaseLogger,
      [
        { channel: 'sms', address: await seal('13900000001'), subject: '融资申请·审核通过', text: '已通过' },
        { channel: 'sms', address: await seal('13900000002'), subject: '融资申请·审核通过', text: '已通过' },
        { channel: 'mail', address: await seal('a@example.com'), subject: '融资申请·审核通过', text: '已通过' },
      ],
    );
    expect(sms.mock.calls.map(([phone]) => phone)).toEqual(['13900000001', '13900000002']);
    expect(mail).toHaveBeenCalledWith('a@example.com', '融资申请·审核通过', '已通过');
    expect(warn).toHaveBeenCalledTimes(1);
    // The log names the channel, never the number.
    expect(JSON.stringify(warn.mock.calls)).not.toContain('13900000001');
  });
});
