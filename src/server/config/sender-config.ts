import { ConfigError } from './config-error';

/*
 * Which senders deliver SMS and mail, and their settings, read from the environment (issue 31 item 5,
 * ADR 0034). A setting, so it lives with the configuration; services/senders implements each kind.
 * The values hold credentials (SMTP_URL's password, the Tencent Cloud key): never log this object.
 */

/**
 * `outbox`: the development sender, a table plus the log, nothing delivered (the default outside
 * production). `tencent`: Tencent Cloud SMS API 3.0. `http`: any HTTP gateway, by a request template.
 * `none`: no SMS at all, said on purpose (production refuses to start with nothing said).
 */
export const SMS_SENDER_KINDS = ['outbox', 'tencent', 'http', 'none'] as const;
export type SmsSenderKind = (typeof SMS_SENDER_KINDS)[number];
/** `smtp`: SMTP_URL through nodemailer; `outbox` and `none` as for SMS. */
export const MAIL_SENDER_KINDS = ['outbox', 'smtp', 'none'] as const;
export type MailSenderKind = (typeof MAIL_SENDER_KINDS)[number];

export interface SmtpConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  url: string;
  /** The From address, such as 科创服务门户 <noreply@example.gov.cn>. */
  from: string;
}

/** Tencent Cloud SMS (API 3.0, SendSms 2021-01-11), signed with TC3-HMAC-SHA256. */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  /** The approved signature (签名内容), without brackets. */
  signName: string;
  /** The approved template for verification codes: one parameter, {1}, the code. */
  codeTemplateId: string;
  /** An approved template without parameters for notices (a text with no code); without it a notice fails. */
  noticeTemplateId?: string | undefined;
  region: string;
  /** https://sms.tencentcloudapi.com unless TENCENT_SMS_ENDPOINT says (a test gateway on loopback). */
  endpoint: string;
}

/** A gateway of one's own: the request is a template with {phone}, {text} and {id} filled in. */
export interface HttpSmsConfig {
  url: string;
  method: 'POST' | 'PUT' | 'GET';
  headers: Record<string, string>;
  /** Absent for GET; the placeholders are escaped for the body's Content-Type (JSON, form or plain). */
  bodyTemplate?: string | undefined;
}

export interface SenderConfig {
  /** Undefined: nothing was said, which production refuses (assertSendersConfigured). */
  smsSender?: SmsSenderKind | undefined;
  mailSender?: MailSenderKind | undefined;
  smtp?: SmtpConfig | undefined;
  tencentSms?: TencentSmsConfig | undefined;
  httpSms?: HttpSmsConfig | undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function kind<K extends string>(name: string, value: string | undefined, kinds: readonly K[]): K | undefined {
  if (value === undefined) return undefined;
  if ((kinds as readonly string[]).includes(value)) return value as K;
  throw new ConfigError(`${name} must be one of ${kinds.join(', ')}, got "${value}"`);
}

function required(env: NodeJS.ProcessEnv, names: readonly string[], why: string): void {
  const missing = names.filter((name) => nonEmpty(env[name]) === undefined);
  if (missing.length > 0) throw new ConfigError(`${why}; also set ${missing.join(', ')}`);
}

/** A URL the sender will call; the error names the variable, never the value (it may hold a password). */
function url(name: string, value: string, protocols: readonly string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return parsed;
}

/** Keys travel to these: https only, except a gateway on this machine (tests, a local relay). */
function requireTls(name: string, parsed: URL): void {
  const local = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]';
  if (parsed.protocol !== 'https:' && !local) throw new ConfigError(`${name} must use https`);
}

function parseSmtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const smtpUrl = nonEmpty(env['SMTP_URL']);
  if (smtpUrl === undefined) return undefined;
  url('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const from = nonEmpty(env['MAIL_FROM']);
  if (from === undefined) throw new ConfigError('SMTP_URL is set; also set MAIL_FROM (such as 科创服务门户 <noreply@example.gov.cn>)');
  return { url: smtpUrl, from };
}

function parseTencent(env: NodeJS.ProcessEnv): TencentSmsConfig {
  required(
    env,
    ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'],
    'SMS_SENDER=tencent',
  );
  const endpoint = nonEmpty(env['TENCENT_SMS_ENDPOINT']) ?? 'https://sms.tencentcloudapi.com';
  requireTls('TENCENT_SMS_ENDPOINT', url('TENCENT_SMS_ENDPOINT', endpoint, ['https:', 'http:']));
  return {
    secretId: env['TENCENT_SMS_SECRET_ID']?.trim() ?? '',
    secretKey: env['TENCENT_SMS_SECRET_KEY']?.trim() ?? '',
    sdkAppId: env['TENCENT_SMS_SDK_APP_ID']?.trim() ?? '',
    signName: env['TENCENT_SMS_SIGN_NAME']?.trim() ?? '',
    codeTemplateId: env['TENCENT_SMS_TEMPLATE_ID']?.trim() ?? '',
    noticeTemplateId: nonEmpty(env['TENCENT_SMS_NOTICE_TEMPLATE_ID']),
    region: nonEmpty(env['TENCENT_SMS_REGION']) ?? 'ap-guangzhou',
    endpoint,
  };
}

function parseHeaders(value: string | undefined): Record<string, string> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('SMS_HTTP_HEADERS must be a JSON object of header names to strings');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string'))
    throw new ConfigError('SMS_HTTP_HEADERS must be a JSON object of header names to strings');
  return parsed as Record<string, string>;
}

function parseHttp(env: NodeJS.ProcessEnv): HttpSmsConfig {
  required(env, ['SMS_HTTP_URL'], 'SMS_SENDER=http');
  const target = env['SMS_HTTP_URL']?.trim() ?? '';
  requireTls('SMS_HTTP_URL', url('SMS_HTTP_URL', target, ['https:', 'http:']));
  const method = (nonEmpty(env['SMS_HTTP_METHOD']) ?? 'POST').toUpperCase();
  if (method !== 'POST' && method !== 'PUT' && method !== 'GET')
    throw new ConfigError(`SMS_HTTP_METHOD must be POST, PUT or GET, got "${method}"`);
  const bodyTemplate = nonEmpty(env['SMS_HTTP_BODY']);
  if (method !== 'GET' && bodyTemplate === undefined)
    throw new ConfigError(`SMS_HTTP_METHOD=${method}; also set SMS_HTTP_BODY (a template with {phone} and {text})`);
  if (method === 'GET' && bodyTemplate !== undefined)
    throw new ConfigError('SMS_HTTP_BODY is set but SMS_HTTP_METHOD is GET; put {phone} and {text} in SMS_HTTP_URL');
  const placed = `${target} ${bodyTemplate ?? ''}`;
  if (!placed.includes('{phone}') || !placed.includes('{text}'))
    throw new ConfigError('SMS_HTTP_URL or SMS_HTTP_BODY must contain both {phone} and {text}');
  return { url: target, method, headers: parseHeaders(nonEmpty(env['SMS_HTTP_HEADERS'])), bodyTemplate };
}

/**
 * SMS_SENDER and MAIL_SENDER with what each kind needs. Unset, SMTP_URL alone means smtp; otherwise
 * the outbox outside production and nothing in production, which the server then refuses.
 */
export function parseSenderConfig(env: NodeJS.ProcessEnv, nodeEnv: string): SenderConfig {
  const production = nodeEnv === 'production';
  const smtp = parseSmtp(env);
  const mailSender =
    kind('MAIL_SENDER', nonEmpty(env['MAIL_SENDER']), MAIL_SENDER_KINDS) ?? (smtp ? 'smtp' : production ? undefined : 'outbox');
  if (mailSender === 'smtp' && !smtp) throw new ConfigError('MAIL_SENDER=smtp; also set SMTP_URL and MAIL_FROM');
  const smsSender = kind('SMS_SENDER', nonEmpty(env['SMS_SENDER']), SMS_SENDER_KINDS) ?? (production ? undefined : 'outbox');
  return {
    smsSender,
    mailSender,
    ...(mailSender === 'smtp' ? { smtp } : {}),
    ...(smsSender === 'tencent' ? { tencentSms: parseTencent(env) } : {}),
    ...(smsSender === 'http' ? { httpSms: parseHttp(env) } : {}),
  };
}

/**
 * A production server that would silently drop every registration code and password-reset notice is
 * refused at start: the operator configures a sender, or says SMS_SENDER=none / MAIL_SENDER=none.
 */
export function assertSendersConfigured(config: SenderConfig & { nodeEnv: string }): void {
  if (config.nodeEnv !== 'production') return;
  const missing: string[] = [];
  if (config.smsSender === undefined)
    missing.push(
      'no SMS sender is configured: set SMS_SENDER=tencent (with TENCENT_SMS_*) or SMS_SENDER=http (with SMS_HTTP_*), or SMS_SENDER=none to run without SMS (registration and password-reset codes are then not delivered)',
    );
  if (config.mailSender === undefined)
    missing.push(
      'no mail sender is configured: set SMTP_URL and MAIL_FROM, or MAIL_SENDER=none to run without mail (activation links are then not delivered)',
    );
  if (missing.length > 0) throw new ConfigError(`NODE_ENV=production but ${missing.join('; and ')}.`);
}
