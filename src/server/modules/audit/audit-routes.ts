import type { FastifyInstance } from 'fastify';
import auditLogPageRequestSchema from '../../../../schemas/api/audit-log-page-request.schema.json';
import auditLogRecordSchema from '../../../../schemas/api/audit-log-record.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { AuditLogPageRequest } from '../../../shared/generated/audit-log-page-request';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { listAuditLog } from '../../services/audit/list-audit-log';
import { verifyAuditChain } from '../../services/audit/verify-audit-chain';

/**
 * 科研诚信 > 操作日志: only holders of integrityLog.query read the audit log (SECURITY R32), since ADR 0068
 * the audit administrator alone, who also verifies its hash chain. There is no route that changes a row.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: AuditLogPageRequest }>(
    ENDPOINTS.auditLogList,
    {
      config: { access: { permission: `${PERMISSION_IDS.integrityLog}.query` } },
      schema: {
        summary: '操作日志（安全审计记录，分页，最新在前，需 integrityLog.query）',
        tags: ['科研诚信'],
        body: auditLogPageRequestSchema,
        response: okResponse(pageOf(auditLogRecordSchema)),
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, ...filter } = request.body;
      return ok(await listAuditLog(app.database.db, { ...filter, pageNo, pageSize }));
    },
  );
  app.get(
    ENDPOINTS.auditLogVerify,
    {
      config: { access: { permission: `${PERMISSION_IDS.integrityLog}.get` }, rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: '校验操作日志的哈希链（审计管理员，需 integrityLog.get）',
        tags: ['科研诚信'],
        response: okResponse({
          type: 'object',
          additionalProperties: false,
          required: ['intact', 'brokenAt'],
          properties: {
            intact: { type: 'boolean', title: '哈希链完整' },
            brokenAt: { type: ['integer', 'null'], title: '第一条不符的日志编号' },
          },
        }),
      },
    },
    // The whole chain in batches, as the nightly job reads it (SECURITY R32); the rate limit keeps it rare.
    async () => {
      const brokenAt = await verifyAuditChain(app.database.db);
      return ok({ intact: brokenAt === null, brokenAt });
    },
  );
}
