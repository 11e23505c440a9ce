import type { FastifyInstance } from 'fastify';
import notificationCountSchema from '../../../../schemas/api/notification-count.schema.json';
import notificationPageRequestSchema from '../../../../schemas/api/notification-page-request.schema.json';
import notificationReadRequestSchema from '../../../../schemas/api/notification-read-request.schema.json';
import notificationSchema from '../../../../schemas/api/notification.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { NotificationPageRequest } from '../../../shared/generated/notification-page-request';
import type { NotificationReadRequest } from '../../../shared/generated/notification-read-request';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { requireUser } from '../../plugins/route-access';
import { countUnread, listNotifications, markAllRead, markRead } from './notification-store';

const TAGS = ['消息中心'];

/** 消息中心: the signed-in user's own notices (workflow.json notify); each call reads or changes the caller's rows only. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.post<{ Body: NotificationPageRequest }>(
    ENDPOINTS.notifications,
    {
      config: { access: 'user' },
      schema: {
        summary: '我的消息（分页，最新在前或未读在前）',
        tags: TAGS,
        body: notificationPageRequestSchema,
        response: okResponse(pageOf(notificationSchema)),
      },
      // A bodyless POST means "the first page".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, order, unread } = request.body;
      return ok(
        await listNotifications(db, user.id, { pageNo, pageSize, unreadFirst: order === 'unreadFirst', unreadOnly: unread === true }),
      );
    },
  );

  // The header's bell asks this on every navigation and every minute: one indexed count, no rate limit of its own beyond the global one.
  app.get(
    ENDPOINTS.notificationsUnread,
    { config: { access: 'user' }, schema: { summary: '未读消息数', tags: TAGS, response: okResponse(notificationCountSchema) } },
    async (request) => ok({ count: await countUnread(db, requireUser(request).id) }),
  );

  app.post<{ Body: NotificationReadRequest }>(
    ENDPOINTS.notificationRead,
    {
      config: { access: 'user' },
      schema: { summary: '标记一条消息已读', tags: TAGS, body: notificationReadRequestSchema, response: okResponse(notificationSchema) },
    },
    async (request) => {
      const view = await markRead(db, requireUser(request).id, request.body.id, app.clock());
      // Another user's notice is as absent as one that never was.
      if (!view) throw new AppError(404, 'notFound');
      return ok(view);
    },
  );

  app.post(
    ENDPOINTS.notificationsReadAll,
    { config: { access: 'user' }, schema: { summary: '全部标记已读', tags: TAGS, response: okResponse(notificationCountSchema) } },
    async (request) => ok({ count: await markAllRead(db, requireUser(request).id, app.clock()) }),
  );
}
