import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import dictItemSchema from '../../../../schemas/api/dict-item.schema.json';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { oneStringSchema } from '../../lib/one-string-schema';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import { findDictItems, listDicts } from '../../services/dict/dict-store';

const querySchema = oneStringSchema('code', { pattern: '^[a-z][a-z0-9_]{0,63}$' });

export async function dictRoutes(app: FastifyInstance): Promise<void> {
  // Public: option lists carry no personal data, and forms shown to visitors need them. Cached and
  // revalidated (ADR 0054): the studio may change a dictionary at any time.
  app.get<{ Querystring: { code: string } }>(
    ENDPOINTS.dictByCode,
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '按编码查询字典 (queryDictByCode)',
        tags: ['字典'],
        querystring: querySchema,
        response: okResponse({ type: 'array', items: dictItemSchema }),
      },
    },
    async (request) => ok(await findDictItems(app.database.db, request.query.code)),
  );

  const dictEntry = {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'name', 'items'],
    properties: {
      code: { type: 'string', title: '字典编码' },
      name: { type: 'string', title: '字典名称' },
      retired: {
        type: 'boolean',
        const: true,
        title: '已停用',
        description: '字典已停用（ADR 0055）：新的字段不能再引用它；已经引用它的字段照常显示它的选项和名称',
      },
      items: { type: 'array', items: dictItemSchema },
    },
  };
  app.get(
    ENDPOINTS.dictList,
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '全部字典及其选项 (integrity dict/list)',
        tags: ['字典'],
        response: okResponse({ type: 'array', items: dictEntry }),
      },
    },
    async () => ok(await listDicts(app.database.db)),
  );
}
