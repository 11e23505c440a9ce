import { describe, expect, it } from 'vitest';
import { signTc3 } from '../../../../src/server/services/senders/tc3-signature';

/*
 * Tencent Cloud API 3.0, "Signature v3": the documentation's worked example (CVM DescribeInstances,
 * POST with a JSON body, 2019-02-26 00:44:25 Beijing time). Its key is printed masked with asterisks in
 * the documentation, and its published intermediate hashes and signature are computed with that masked
 * text as the key, so the same strings reproduce them here.
 */
const EXAMPLE = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  timestamp: 1551113065,
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  contentType: 'application/json; charset=utf-8',
};

describe('TC3-HMAC-SHA256 (Tencent Cloud API 3.0 signature v3)', () => {
  it('reproduces the documented example step by step', () => {
    const signed = signTc3(EXAMPLE);
    expect(signed.canonicalRequest).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        '',
        'content-type;host',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(signed.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('dates the credential scope in UTC, not Beijing time', () => {
    // 2019-02-26 00:44:25 in Beijing is still the 25th in UTC, as above; one day later it is the 26th.
    expect(signTc3({ ...EXAMPLE, timestamp: EXAMPLE.timestamp + 86_400 }).stringToSign).toContain('2019-02-26/cvm/tc3_request');
  });

  it('changes with every byte of the body, so a body altered on the way is refused', () => {
    const other = signTc3({ ...EXAMPLE, payload: EXAMPLE.payload.replace('1', '2') });
    expect(other.signature).not.toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
  });
});
