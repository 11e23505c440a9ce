import type { Locale } from '../../shared/i18n/locale';

/*
 * The envelope's `msg` texts (spec §8), zh-CN first. Field-level wording comes from the shared
 * validationMessage(); these are the request-level sentences around it. None of them names the part
 * of a credential that failed.
 */
const ZH_CN = {
  ok: 'ok',
  loginSucceeded: '登录成功',
  logoutSucceeded: '退出成功',
  messageCreated: '留言成功',
  validationFailed: '提交的信息有误，请检查后重试',
  badRequest: '请求参数有误',
  invalidJson: '请求内容不是有效的 JSON',
  invalidCredentials: '用户名或密码错误',
  unauthorized: '请先登录',
  forbidden: '没有足够的权限',
  notFound: '请求的资源不存在',
  methodNotAllowed: '不支持的请求方法',
  payloadTooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的请求内容类型，请使用 application/json',
  tooManyRequests: '请求过于频繁，请稍后再试',
  internalError: '服务器内部错误，请稍后重试',
  serviceUnavailable: '服务暂不可用，请稍后重试',
} as const;

export type ServerMessageKey = keyof typeof ZH_CN;

const EN_US: Record<ServerMessageKey, string> = {
  ok: 'ok',
  loginSucceeded: 'Logged in',
  logoutSucceeded: 'Logged out',
  messageCreated: 'Message sent',
  validationFailed: 'Some of the information is invalid; please check it and try again',
  badRequest: 'Invalid request parameters',
  invalidJson: 'The request body is not valid JSON',
  invalidCredentials: 'Incorrect username or password',
  unauthorized: 'Please log in',
  forbidden: 'You do not have sufficient permission',
  notFound: 'The requested resource does not exist',
  methodNotAllowed: 'Request method not supported',
  payloadTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type; please send application/json',
  tooManyRequests: 'Too many requests; please try again later',
  internalError: 'Internal server error; please try again later',
  serviceUnavailable: 'Service temporarily unavailable; please try again later',
};

const CATALOGUE: Record<Locale, Record<ServerMessageKey, string>> = { 'zh-CN': ZH_CN, 'en-US': EN_US };

export function serverMessage(key: ServerMessageKey, locale: Locale): string {
  return CATALOGUE[locale][key];
}

/** The message for an HTTP error status that no handler worded itself. */
export function messageKeyForStatus(status: number): ServerMessageKey {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    case 503:
      return 'serviceUnavailable';
    default:
      return status >= 500 ? 'internalError' : 'badRequest';
  }
}
