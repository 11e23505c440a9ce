import { describe, expect, it } from 'vitest';
import { scrubText, serializeError, serializeRequest } from '../../../src/server/lib/log-redaction';

describe('what the log keeps of a value', () => {
  it('masks phones, ID numbers, e-mail addresses and tokens in free text', () => {
    expect(scrubText('用户 13912345678 的身份证 11010519900101123X，邮箱 li.lei@example.com')).toBe(
      '用户 139****5678 的身份证 [身份证号]，邮箱 [邮箱]',
    );
    expect(scrubText(`Bearer ${'a'.repeat(43)}`)).toBe('Bearer [令牌]');
    // Not every long number is a phone: an order number, a UUID and a timestamp stay.
    expect(scrubText('订单 201912345678901，id 0f8fad5b-d9cb-469f-a165-70867728950e，1732500000000')).toBe(
      '订单 201912345678901，id 0f8fad5b-d9cb-469f-a165-70867728950e，1732500000000',
    );
  });

  it('masks every address in a run of them, and one at the end of a 70,000-character path', () => {
    // The e-mail pattern starts only where a run of address characters starts: tried from each character of a long
    // run without an @, it took 6 s for a 70,000-character path, the server blocked meanwhile (issue 34's fuzz).
    expect(scrubText('a@b.cn,c.d+e@f-g.com;x@y.z.w foo@bar')).toBe('[邮箱],[邮箱];[邮箱] foo@bar');
    expect(scrubText(`/api/maps/${'x'.repeat(70_000)}`)).toBe(`/api/maps/${'x'.repeat(70_000)}`);
    expect(scrubText(`/api/${'x'.repeat(70_000)}@example.com`)).toBe('/api/[邮箱]');
  });

  it('keeps a failed query’s SQL and SQLSTATE but never its parameters', () => {
    const cause = Object.assign(new Error('value too long for type character varying(50)'), { code: '22001', table: 'records' });
    const failed = Object.assign(
      new Error('Failed query: insert into "records" ("data") values ($1)\nparams: {"phone":"13912345678","name":"李雷"}'),
      {
        query: 'insert into "records" ("data") values ($1)',
        params: ['{"phone":"13912345678","name":"李雷"}'],
        cause,
      },
    );
    const logged = serializeError(failed);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain('李雷');
    expect(logged.message).toBe('Failed query: insert into "records" ("data") values ($1) (parameters withheld from the log)');
    expect(logged.cause).toMatchObject({ message: 'value too long for type character varying(50)', errorCode: '22001', table: 'records' });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('logs a request’s path and the names of its query parameters, not their values', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/sys/check?phone=13912345678&name=%E6%9D%8E', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/sys/check?phone=…&name=…',
      remoteAddress: '127.0.0.1',
    });
    expect(serializeRequest({ method: 'GET', url: '/api/user/13912345678' }).url).toBe('/api/user/139****5678');
  });
});
