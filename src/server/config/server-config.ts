import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { CIPHER_ALGORITHMS, type CipherAlgorithm } from './cipher-algorithm';
import { FILE_STORE_KINDS, type FileStoreKind } from './file-store-kind';
import { ConfigError } from './config-error';
import { parseSenderConfig, type SenderConfig } from './sender-config';

/** Everything the server reads from its environment, already checked. */
export interface ServerConfig extends SenderConfig {
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
  /**
   * The external single sign-on provider (SSO_*). Undefined: the development provider under
   * /api/dev-sso stands in when devSso allows it, otherwise SSO answers 503 (ADR 0005).
   */
  sso?: SsoProviderConfig | undefined;
  /** Mounts the development SSO provider; defaults to on unless NODE_ENV is production (DEV_SSO). */
  devSso?: boolean | undefined;
  // smsSender, mailSender and their settings (SMS_SENDER, MAIL_SENDER, SMTP_URL…): sender-config.ts.
  /** The portal's public origin, for links in mail (PUBLIC_BASE_URL). */
  publicBaseUrl?: string | undefined;
  /** The records' seal key, base64 (RECORD_SEAL_KEY); without it, a key kept in the data folder (SECURITY R34). */
  recordSealKey?: string | undefined;
  /**
   * The master key that wraps the keys of personal data, base64 (DATA_KEY); without it, a key kept in the
   * data folder (SECURITY R34, ADR 0066). Never in the database.
   */
  dataKey?: string | undefined;
  /** The cipher new data keys seal with (DATA_CIPHER): sm4 (default) or aes-256-gcm. */
  dataCipher?: CipherAlgorithm | undefined;
  /** Lets a server with demo accounts listen on a non-loopback address (ALLOW_PUBLIC_DEMO); off by default. */
  allowPublicDemo?: boolean | undefined;
  /** Where attachments' bytes live (FILE_STORE); by default the disk on PGlite, the database on PostgreSQL. */
  fileStore?: FileStoreKind | undefined;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses and CIDR ranges.
   * Undefined: none, so request.ip is the socket's address and no client picks its own (SECURITY R28).
   */
  trustProxy?: string[] | undefined;
  /**
   * How long a client may take to send a whole request, body included (REQUEST_TIMEOUT_MS); then its
   * connection is closed. 60 s when unset: the largest upload (20 MB) at about 3 Mbit/s.
   */
  requestTimeoutMs?: number | undefined;
  /** How often a process looks for schemas published from the studio by any process (SCHEMA_SYNC_MS); 2 s when unset. */
  schemaSyncMs?: number | undefined;
  /** Days the audit log is kept (AUDIT_RETENTION_DAYS); at least 180, by default three years. */
  auditRetentionDays?: number | undefined;
  /** Where retention archives the audit rows it removes (AUDIT_ARCHIVE_DIR); by default `<dataDir>/archive` (ADR 0069). */
  auditArchiveDir?: string | undefined;
  /**
   * Days a password lasts before its owner must change it at the next request (PASSWORD_MAX_AGE_DAYS;
   * SECURITY R01, MLPS practice 90). Undefined (unset or 0): passwords never expire.
   */
  passwordMaxAgeDays?: number | undefined;
  /** Runs the scheduled jobs (JOBS); on unless set to false. */
  jobs?: boolean | undefined;
  /**
   * Reads a visitor (no live session) may make per minute from one address, over every GET and HEAD under /api and
   * every list read by POST (ANONYMOUS_READS_PER_MINUTE); 600 when unset, 0 turns the budget off (SECURITY R28).
   */
  anonymousReadsPerMinute?: number | undefined;
  /**
   * The roles whose holders need a second factor at login (MFA_ROLES, comma-separated role ids; `none` for
   * none); undefined: the built-in set in services/roles/mfa-roles.ts (SECURITY R06, ADR 0067).
   */
  mfaRoles?: string[] | undefined;
  /** Of those, the roles that may use an SMS code while no authenticator is enrolled (MFA_SMS_ROLES, the same form). */
  mfaSmsRoles?: string[] | undefined;
}

/** A standard OAuth 2.0 authorization-code provider, all values from the environment. */
export interface SsoProviderConfig {
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export { SMS_SENDER_KINDS, MAIL_SENDER_KINDS, type SmsSenderKind, type MailSenderKind } from './sender-config';

export { ConfigError };

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
    throw new ConfigError(
      `CAPTCHA_FIXED is set but NODE_ENV is "${config.nodeEnv}"; it is honoured only with NODE_ENV=test. Refusing to start.`,
    );
  }
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/**
 * Demo accounts share a documented password, so a server holding them must not become a public
 * install by accident: it listens on loopback only, unless ALLOW_PUBLIC_DEMO says it is meant.
 */
export function assertDemoHostAllowed(config: Pick<ServerConfig, 'host' | 'allowPublicDemo'>, demoAccounts: boolean): void {
  if (!demoAccounts || config.allowPublicDemo === true || isLoopbackHost(config.host)) return;
  throw new ConfigError(
    `HOST=${config.host} is reachable from other machines, but this server holds the demo accounts, whose password is published in README.md. ` +
      'Set DATABASE_URL (or NODE_ENV=production with a fresh DATA_DIR) for a real install, listen on 127.0.0.1, or set ALLOW_PUBLIC_DEMO=true to expose the demo on purpose.',
  );
}

/** The folder the audit archives go to: AUDIT_ARCHIVE_DIR, or `archive` in the data folder (ADR 0069). */
export function auditArchiveDirOf(config: Pick<ServerConfig, 'auditArchiveDir' | 'dataDir'>): string {
  return config.auditArchiveDir ?? join(config.dataDir, 'archive');
}

function parseRetentionDays(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const days = Number(value);
  // MLPS 2.0 and the Cybersecurity Law ask for six months at least.
  if (!Number.isInteger(days) || days < 180)
    throw new ConfigError(`AUDIT_RETENTION_DAYS must be a whole number of days, at least 180, got "${value}"`);
  return days;
}

function parsePasswordMaxAgeDays(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 3650)
    throw new ConfigError(`PASSWORD_MAX_AGE_DAYS must be a whole number of days from 0 (no expiry) to 3650, got "${value}"`);
  return days === 0 ? undefined : days;
}

function parseAnonymousReads(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const reads = Number(value);
  if (!Number.isInteger(reads) || reads < 0)
    throw new ConfigError(`ANONYMOUS_READS_PER_MINUTE must be a whole number (0 turns the budget off), got "${value}"`);
  return reads;
}

/** A comma-separated list of role ids; `none` is the empty list, unset is undefined (the built-in default). */
function parseRoleList(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim() === 'none') return [];
  return value.split(',').map((raw) => {
    const role = raw.trim();
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(role))
      throw new ConfigError(`${name} must be a comma-separated list of role ids (such as admin,integrity) or none, got "${raw}"`);
    return role;
  });
}

function parseTimeout(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) throw new ConfigError(`${name} must be a whole number of milliseconds above 0, got "${value}"`);
  return ms;
}

/**
 * TRUST_PROXY: comma-separated IP addresses and CIDR ranges, nothing else. Fastify would also take
 * `true`, a hop count or a name such as `loopback`, and each of those can end up believing a header
 * any client can write; so would a /0 range.
 */
function parseTrustProxy(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((raw) => {
    const entry = raw.trim();
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    // A zone index (fe80::1%eth0) names an interface, not a proxy.
    const valid =
      version !== 0 &&
      !address.includes('%') &&
      rest.length === 0 &&
      (prefix === undefined || (/^(0|[1-9][0-9]{0,2})$/.test(prefix) && Number(prefix) <= bits));
    if (!valid)
      throw new ConfigError(
        `TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges (such as 10.0.0.0/8,127.0.0.1), got "${entry}"`,
      );
    if (prefix === '0')
      throw new ConfigError(`TRUST_PROXY must not contain a /0 range ("${entry}"): it would believe X-Forwarded-For from every client`);
    return entry;
  });
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

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function parseKind<K extends string>(name: string, value: string | undefined, kinds: readonly K[]): K {
  if (value === undefined || value === '') return kinds[0] as K;
  if ((kinds as readonly string[]).includes(value)) return value as K;
  throw new ConfigError(`${name} must be one of ${kinds.join(', ')}, got "${value}"`);
}

const SSO_ENV = {
  issuer: 'SSO_ISSUER',
  authorizeUrl: 'SSO_AUTHORIZE_URL',
  tokenUrl: 'SSO_TOKEN_URL',
  userinfoUrl: 'SSO_USERINFO_URL',
  clientId: 'SSO_CLIENT_ID',
  clientSecret: 'SSO_CLIENT_SECRET',
  redirectUri: 'SSO_REDIRECT_URI',
} as const satisfies Record<keyof SsoProviderConfig, string>;

/** All of SSO_* or none: a half-configured provider would fail at the first login, so refuse to start. */
function parseSso(env: NodeJS.ProcessEnv): SsoProviderConfig | undefined {
  const entries = Object.entries(SSO_ENV).map(([key, name]) => [key, nonEmpty(env[name])] as const);
  const missing = entries.filter(([, value]) => value === undefined).map(([key]) => SSO_ENV[key as keyof SsoProviderConfig]);
  if (missing.length === entries.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`SSO is partly configured; also set ${missing.join(', ')}`);
  const sso = Object.fromEntries(entries) as unknown as SsoProviderConfig;
  for (const key of ['authorizeUrl', 'tokenUrl', 'userinfoUrl', 'redirectUri'] as const) {
    let url: URL;
    try {
      url = new URL(sso[key]);
    } catch {
      throw new ConfigError(`${SSO_ENV[key]} must be an absolute URL, got "${sso[key]}"`);
    }
    // The client secret and the authorization code travel to these: never in clear (SECURITY R08).
    if (url.protocol !== 'https:' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') {
      throw new ConfigError(`${SSO_ENV[key]} must use https, got "${sso[key]}"`);
    }
  }
  return sso;
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
    sso: parseSso(env),
    devSso: parseBoolean('DEV_SSO', env['DEV_SSO']),
    ...parseSenderConfig(env, nonEmpty(env['NODE_ENV']) ?? 'development'),
    publicBaseUrl: nonEmpty(env['PUBLIC_BASE_URL']),
    recordSealKey: nonEmpty(env['RECORD_SEAL_KEY']),
    dataKey: nonEmpty(env['DATA_KEY']),
    dataCipher: parseKind('DATA_CIPHER', env['DATA_CIPHER'], CIPHER_ALGORITHMS),
    allowPublicDemo: parseBoolean('ALLOW_PUBLIC_DEMO', env['ALLOW_PUBLIC_DEMO']),
    auditRetentionDays: parseRetentionDays(env['AUDIT_RETENTION_DAYS']),
    auditArchiveDir: nonEmpty(env['AUDIT_ARCHIVE_DIR']) === undefined ? undefined : resolve(cwd, env['AUDIT_ARCHIVE_DIR'] ?? ''),
    passwordMaxAgeDays: parsePasswordMaxAgeDays(env['PASSWORD_MAX_AGE_DAYS']),
    jobs: parseBoolean('JOBS', env['JOBS']),
    anonymousReadsPerMinute: parseAnonymousReads(env['ANONYMOUS_READS_PER_MINUTE']),
    mfaRoles: parseRoleList('MFA_ROLES', env['MFA_ROLES']),
    mfaSmsRoles: parseRoleList('MFA_SMS_ROLES', env['MFA_SMS_ROLES']),
    fileStore: nonEmpty(env['FILE_STORE']) === undefined ? undefined : parseKind('FILE_STORE', env['FILE_STORE'], FILE_STORE_KINDS),
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
    requestTimeoutMs: parseTimeout('REQUEST_TIMEOUT_MS', env['REQUEST_TIMEOUT_MS']),
    schemaSyncMs: parseTimeout('SCHEMA_SYNC_MS', env['SCHEMA_SYNC_MS']),
  };
  assertCaptchaFixedAllowed(config);
  // Refused before anything is seeded; server.ts checks again for demo accounts left in the database.
  assertDemoHostAllowed(config, isDemoMode(config));
  return config;
}
