import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigError, type ServerConfig } from '../../src/server/config/server-config';
import type { Database } from '../../src/server/db/database';
import { REPO_SCHEMAS_DIR } from './helpers/test-app';

const config: ServerConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  nodeEnv: 'production',
  captchaFixed: 'abcd',
  schemasDir: REPO_SCHEMAS_DIR,
  clientDir: '/nonexistent',
};

describe('buildApp', () => {
  it('refuses to start with a fixed captcha outside NODE_ENV=test, before touching the database', async () => {
    const database = { migrate: vi.fn(), close: vi.fn(async () => undefined) } as unknown as Database;
    await expect(buildApp({ config, database })).rejects.toThrow(ConfigError);
    expect(database.migrate).not.toHaveBeenCalled();
  });

  it('refuses to start when a form schema does not compile', async () => {
    const database = { migrate: vi.fn(), close: vi.fn(async () => undefined) } as unknown as Database;
    await expect(
      buildApp({ config: { ...config, captchaFixed: undefined, schemasDir: '/nonexistent/schemas' }, database }),
    ).rejects.toThrow();
    expect(database.migrate).not.toHaveBeenCalled();
  });
});
