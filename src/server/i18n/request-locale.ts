import type { FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../shared/i18n/locale';

/** The locale a request's errors are worded in: Accept-Language, zh-CN by default. */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}
