import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import pageRequestSchema from '../../../../schemas/api/page-request.schema.json';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { PageRequest } from '../../../shared/generated/page-request';
import type { MessageForm } from '../../../shared/generated/message-form';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { toFieldErrors } from '../../../shared/schema/to-field-errors';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/route-access';
import { consumeCaptcha } from '../captcha/captcha-store';
import { checkDictValues } from '../dict/check-dict-values';
import { insertMessage, listUserMessages } from './message-store';


export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const form = app.schemaRegistry.require('message');

  app.post(ENDPOINTS.messageCreate, { config: { access: 'user', form: 'message', rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { summary: '提交留言', tags: ['在线留言'] } }, async (request) => {
    const user = requireUser(request);
    const locale = requestLocale(request);
    const { db } = app.database;
    // A cleared field counts as not filled in, exactly as in the browser (ADR 0001).
    const body = pruneEmpty(request.body);

    // 1. The schema file, compiled once: every rule, unknown fields rejected, all errors at once.
    const valid = form.validate(body);
    const errors = valid ? [] : toFieldErrors(form.validate.errors, form.schema, locale);
    // 2. Dictionary membership, against the database.
    errors.push(...(await checkDictValues(db, form.schema, body, locale, new Set(errors.map((error) => error.path)))));
    if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

    // 3. Only a well-formed message spends the captcha; a wrong one is spent too.
    const message = body as MessageForm;
    const check = await consumeCaptcha(db, user.id, 'message', message.code, app.clock());
    if (check !== 'ok') {
      const params = { reason: check };
      const text = validationMessage('captcha', params, schemaAtPath(form.schema, 'code'), locale);
      throw new AppError(400, 'validationFailed', { msg: text, errors: [{ path: 'code', keyword: 'captcha', params, message: text }] });
    }

    const { code: _captcha, ...data } = message;
    const id = await insertMessage(db, user.id, form, data);
    return ok({ id }, serverMessage('messageCreated', locale));
  });

  app.post<{ Body: PageRequest }>(
    ENDPOINTS.myMessages,
    {
      config: { access: 'user' },
      schema: { summary: '我的留言（分页）', tags: ['在线留言'], body: pageRequestSchema },
      // A bodyless POST means "the first page".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, sortOrder } = request.body;
      return ok(await listUserMessages(app.database.db, user.id, { pageNo, pageSize, ascending: sortOrder === 'ascend' }));
    },
  );
}
