import { describe, expect, it } from 'vitest';
import type { SsoProviderConfig } from '../../../../src/server/config/server-config';
import { authorizeUrl, fetchSsoSubject } from '../../../../src/server/modules/passport/sso-client';
import type { SsoHttpRequest, SsoHttpResponse } from '../../../../src/server/modules/passport/sso-http';

const PROVIDER: SsoProviderConfig = {
  issuer: 'https://passport.example.gov.cn',
  authorizeUrl: 'https://passport.example.gov.cn/oauth2/authorize?tenant=kjw',
  tokenUrl: 'https://passport.example.gov.cn/oauth2/token',
  userinfoUrl: 'https://passport.example.gov.cn/oauth2/userinfo',
  clientId: 'kechuang portal',
  clientSecret: 's3cret:+',
  redirectUri: 'https://portal.example.gov.cn/api/oauth/ywtbAuthLogin/callback',
};

function fakeProvider(token: SsoHttpResponse, userinfo: SsoHttpResponse) {
  const calls: SsoHttpRequest[] = [];
  const http = async (request: SsoHttpRequest): Promise<SsoHttpResponse> => {
    calls.push(request);
    return request.url === PROVIDER.tokenUrl ? token : userinfo;
  };
  return { http, calls };
}

const okToken = { status: 200, body: JSON.stringify({ access_token: 'at-1', token_type: 'bearer' }) };

describe('the SSO client against an external provider (fetch replaced)', () => {
  it('redeems the code with Basic client auth and PKCE, then reads sub from userinfo', async () => {
    const { http, calls } = fakeProvider(okToken, { status: 200, body: JSON.stringify({ sub: 'ext-42', name: '张三' }) });
    expect(await fetchSsoSubject(http, PROVIDER, 'the-code', 'v'.repeat(43))).toBe('ext-42');
    const [tokenCall, userinfoCall] = calls;
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.headers['authorization']).toBe(`Basic ${Buffer.from('kechuang%20portal:s3cret%3A%2B').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: PROVIDER.redirectUri,
      code_verifier: 'v'.repeat(43),
    });
    expect(userinfoCall?.headers['authorization']).toBe('Bearer at-1');
  });

  it.each([
    ['a token error', { status: 400, body: '{"error":"invalid_grant"}' }, { status: 200, body: '{"sub":"x"}' }],
    ['a non-bearer token', { status: 200, body: '{"access_token":"a","token_type":"mac"}' }, { status: 200, body: '{"sub":"x"}' }],
    ['a userinfo error', okToken, { status: 401, body: '' }],
    ['no sub', okToken, { status: 200, body: '{"name":"x"}' }],
    ['not JSON', okToken, { status: 200, body: '<html>' }],
  ])('turns %s into 502 ssoProviderError', async (_case, token, userinfo) => {
    const { http } = fakeProvider(token, userinfo);
    await expect(fetchSsoSubject(http, PROVIDER, 'c', 'v'.repeat(43))).rejects.toMatchObject({
      statusCode: 502,
      messageKey: 'ssoProviderError',
    });
  });

  it('builds an absolute authorize URL, keeping the provider own parameters', () => {
    const url = new URL(authorizeUrl(PROVIDER, 'st', 'ch'));
    expect(url.origin + url.pathname).toBe('https://passport.example.gov.cn/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'kjw',
      response_type: 'code',
      client_id: 'kechuang portal',
      redirect_uri: PROVIDER.redirectUri,
      scope: 'openid',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });
});
