import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope, Page } from '../../shared/api/envelope';
import type { AuditLogPageRequest, AuditLogRecord } from '../../shared/generated';
import { http } from '../api/http';

/** 操作日志: a page of the security audit log, newest first (needs integrityLog.query). */
export async function fetchAuditLog(request: AuditLogPageRequest): Promise<Page<AuditLogRecord>> {
  const response = await http.post<ApiEnvelope<Page<AuditLogRecord>>>(ENDPOINTS.auditLogList, request);
  if (response.data.data === undefined) throw new Error('audit list: the response carries no data');
  return response.data.data;
}
