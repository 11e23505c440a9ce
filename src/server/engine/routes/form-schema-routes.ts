import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { oneStringSchema } from '../../lib/one-string-schema';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';

const paramsSchema = oneStringSchema('name', { pattern: '^[a-z][a-z0-9-]{0,63}$' });

export async function formSchemaRoutes(app: FastifyInstance): Promise<void> {
  // The client renders forms from the server's current schema files: a restart, no rebuild.
  app.get<{ Params: { name: string } }>(
    ENDPOINTS.formSchema,
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '表单的规范 schema（前端据此渲染）',
        tags: ['表单 schema'],
        params: paramsSchema,
        response: okResponse({ type: 'object', additionalProperties: true, title: '表单的规范 schema（draft-07 + x-* 词汇）' }),
      },
    },
    async (request) => {
      const entry = app.schemaRegistry.get(request.params.name);
      if (!entry) throw new AppError(404, 'notFound');
      return ok(entry.schema);
    },
  );
}
