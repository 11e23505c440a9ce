import type { FastifyServerOptions } from 'fastify';

/*
 * What the server log may hold (SECURITY R30, R32, R35, issue 15): the error, the request id and
 * where it happened; never a body, a query's parameters, a token, a password, a code, a phone
 * number, an ID number or an e-mail address.
 */

const PHONE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const ID_NUMBER = /(?<![\dA-Za-z])\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])\d{2}\d{3}[\dXx](?![\dA-Za-z])/g;
// Starts only where a run of address characters starts: without the lookbehind, a long run with no @ (a 16 KB path of
// x's) was tried from each of its characters, quadratic: 0.25 s of a blocked server per such request (issue 34's fuzz).
const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// Session and link tokens are 32 random bytes in base64url: 43 characters.
const TOKEN = /(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/g;

/** Masks whatever in a free text looks like a phone, an ID number, an e-mail address or a token. */
export function scrubText(text: string): string {
  // 13800000001 → 138****0001, as shared/rules/mask.ts shows it to people.
  return text.replace(ID_NUMBER, '[身份证号]').replace(EMAIL, '[邮箱]').replace(TOKEN, '[令牌]').replace(PHONE, '$1****$2');
}

/** Keys whose values never reach the log, wherever they appear in a logged object. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'code',
  'captcha',
  'smsCode',
  'phone',
  'mobile',
  'idNumber',
  'idCard',
  'email',
  'text',
  'to',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-captcha-id"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  /** SQLSTATE or Fastify's FST_ code; not `code`, which the redaction takes for a verification code. */
  errorCode?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
}

function field(value: object, key: string): string | undefined {
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
}

/**
 * A failed query's error carries its SQL and parameters (for a draft save, the whole application)
 * in its message and stack. The log keeps the SQL text with its placeholders, the SQLSTATE and the
 * constraint, and drops the parameters; any other error keeps its message and stack, scrubbed.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const type = error.constructor?.name ?? 'Error';
  const message = field(error, 'message') ?? '';
  const stack = field(error, 'stack');
  const isQuery = 'params' in error && typeof field(error, 'query') === 'string';
  const logged: LoggedError = isQuery
    ? { type, message: `Failed query: ${scrubText(field(error, 'query') ?? '')} (parameters withheld from the log)`, stack: '' }
    : { type, message: scrubText(message), stack: '' };
  // The stack's first line repeats the message; only its frames are kept.
  if (stack)
    logged.stack = stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  const code = field(error, 'code');
  if (code !== undefined) logged.errorCode = scrubText(code);
  for (const key of ['constraint', 'table', 'column'] as const) {
    const value = field(error, key);
    if (value !== undefined) logged[key] = scrubText(value);
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) logged.cause = serializeError(cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  [key: string]: unknown;
  method: string;
  url: string;
  remoteAddress?: string;
}

/** The path and the names of its query parameters; their values (a phone, a search) stay out. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}): LoggedRequest {
  const [path = '', query] = (request.url ?? '').split('?', 2);
  const names = query === undefined ? [] : [...new URLSearchParams(query).keys()];
  const url = names.length === 0 ? path : `${path}?${names.map((name) => `${name}=…`).join('&')}`;
  const remoteAddress = request.ip ?? request.socket?.remoteAddress;
  return { method: request.method ?? '', url: scrubText(url), ...(remoteAddress ? { remoteAddress } : {}) };
}

/** The logger of a running server: level, redaction and the serializers above. */
export function serverLoggerOptions(level: string, stream?: { write(line: string): void }): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[已隐去]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
