import { describe, expect, it } from 'vitest';
import { devSsoEnabled } from '../../../../src/server/modules/passport/sso-provider';

describe('devSsoEnabled: the development provider signs anyone in, so it is on only where no real users are', () => {
  it.each([
    [{ nodeEnv: 'test', databaseUrl: undefined }, true],
    [{ nodeEnv: 'development', databaseUrl: undefined }, true],
    [{ nodeEnv: 'production', databaseUrl: undefined }, false],
    // A PostgreSQL deployment that forgot NODE_ENV=production still does not get it.
    [{ nodeEnv: 'development', databaseUrl: 'postgres://db/portal' }, false],
    [{ nodeEnv: 'development', databaseUrl: 'postgres://db/portal' }, false],
  ])('%j → %s', (config, enabled) => {
    expect(devSsoEnabled({ ...config, devSso: undefined })).toBe(enabled);
  });

  it('follows DEV_SSO when it is set', () => {
    expect(devSsoEnabled({ nodeEnv: 'production', databaseUrl: 'postgres://db/portal', devSso: true })).toBe(true);
    expect(devSsoEnabled({ nodeEnv: 'test', databaseUrl: undefined, devSso: false })).toBe(false);
  });
});
