import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { deliverNotices } from '../../../../src/server/services/notifications/deliver-notices';

describe('deliverNotices', () => {
  it('hands each delivery to its sender, and a failed send neither throws nor stops the others', async () => {
    const sms = vi.fn(async (phone: string) => {
      if (phone === '13900000001') throw new Error('gateway refused');
    });
    const mail = vi.fn(async () => undefined);
    const warn = vi.fn();
    await deliverNotices({ smsSender: { send: sms }, mailSender: { send: mail } }, { warn } as unknown as FastifyBaseLogger, [
      { channel: 'sms', address: '13900000001', subject: '融资申请·审核通过', text: '已通过' },
      { channel: 'sms', address: '13900000002', subject: '融资申请·审核通过', text: '已通过' },
      { channel: 'mail', address: 'a@example.com', subject: '融资申请·审核通过', text: '已通过' },
    ]);
    expect(sms).toHaveBeenCalledTimes(2);
    expect(mail).toHaveBeenCalledWith('a@example.com', '融资申请·审核通过', '已通过');
    expect(warn).toHaveBeenCalledTimes(1);
    // The log names the channel, never the number.
    expect(JSON.stringify(warn.mock.calls)).not.toContain('13900000001');
  });
});
