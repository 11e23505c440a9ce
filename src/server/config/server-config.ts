import { resolve } from 'node:path';

/** Everything the server reads from its environment, already checked. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite's folder; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: string;
  /** The answer of every captcha; only ever set when nodeEnv is 'test'. */
  captchaFixed: string | undefined;
  schemasDir: string;
  /** The built SPA (vite build output). */
  clientDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Demo accounts exist only in the zero-setup embedded mode, never on a real server or in production. */
export function isDemoMode(config: Pick<ServerConfig, 'databaseUrl' | 'nodeEnv'>): boolean {
  return !config.databaseUrl && config.nodeEnv !== 'production';
}

/**
 * A fixed captcha answer defeats the captcha, so it is refused outside the test mode. Checked when the
 * config is read and again when the app is built, whichever path a caller takes.
 */
export function assertCaptchaFixedAllowed(config: Pick<ServerConfig, 'captchaFixed' | 'nodeEnv'>): void {
  if (config.captchaFixed !== undefined && config.nodeEnv !== 'test') {
    throw new ConfigError(`CAPTCHA_FIXED is set but NODE_ENV is "${config.nodeEnv}"; it is honoured only with NODE_ENV=test. Refusing to start.`);
  }
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${value}"`);
  return port;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** Reads and checks the environment; throws ConfigError so that the server refuses to start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const config: ServerConfig = {
    port: parsePort(env['PORT']),
    host: nonEmpty(env['HOST']) ?? '127.0.0.1',
    dataDir: resolve(cwd, nonEmpty(env['DATA_DIR']) ?? './data'),
    databaseUrl: nonEmpty(env['DATABASE_URL']),
    nodeEnv: nonEmpty(env['NODE_ENV']) ?? 'development',
    captchaFixed: nonEmpty(env['CAPTCHA_FIXED']),
    schemasDir: resolve(cwd, nonEmpty(env['SCHEMAS_DIR']) ?? './schemas'),
    clientDir: resolve(cwd, 'dist/client'),
  };
  assertCaptchaFixedAllowed(config);
  return config;
}
