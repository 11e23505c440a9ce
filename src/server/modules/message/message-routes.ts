import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import pageRequestSchema from '../../../../schemas/api/page-request.schema.json';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { PageRequest } from '../../../shared/generated/page-request';
import type { MessageForm } from '../../../shared/generated/message-form';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { storedFieldsSchema } from '../../lib/stored-fields-schema';
import { requireUser } from '../../plugins/route-access';
import { insertMessage, listUserMessages } from './message-store';

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const form = app.schemaRegistry.require('message');
  const messageRecord = {
    type: 'object',
    // A field a studio publication adds to the form is stored from then on: the page shows it before the next start.
    additionalProperties: true,
    required: ['id', 'createTime'],
    properties: {
      id: { type: 'string', format: 'uuid', title: '留言编号' },
      createTime: { type: 'string', format: 'date-time', title: '提交时间' },
      ...storedFieldsSchema(form.schema),
      reply: { type: 'string', title: '回复' },
      replyTime: { type: 'string', format: 'date-time', title: '回复时间' },
    },
  };

  // The write pipeline (config.form) has checked the body, dictionary values and captcha before this runs.
  app.post(
    ENDPOINTS.messageCreate,
    {
      config: { access: 'user', form: 'message', idempotent: true, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        summary: '提交留言',
        tags: ['在线留言'],
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid', title: '留言编号' } },
        }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = request.checkedData as Omit<MessageForm, 'code'>;
      // The form as published now (the studio may have published since the start): its version is stored with the message.
      const id = await insertMessage(app.database.db, user.id, app.schemaRegistry.require('message'), data);
      return ok({ id }, serverMessage('messageCreated', requestLocale(request)));
    },
  );

  app.post<{ Body: PageRequest }>(
    ENDPOINTS.myMessages,
    {
      config: { access: 'user' },
      schema: { summary: '我的留言（分页）', tags: ['在线留言'], body: pageRequestSchema, response: okResponse(pageOf(messageRecord)) },
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
