import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { auditRequest } from '../../services/audit/request-audit';
import type { RecordWithOwner } from './record-store';
import type { CompiledResource } from '../units/resource-registry';

/** Whether a sealed folder's record no longer matches its seal (SECURITY R34); never for a folder without seal. */
export function isTampered(resource: CompiledResource, row: RecordWithOwner): boolean {
  return resource.sealer !== undefined && !resource.sealer.verify(row);
}

/** A read of a tampered record is answered (flagged TAMPERED) and leaves an audit row: the security alert. */
export async function auditIfTampered(request: FastifyRequest, resource: CompiledResource, row: RecordWithOwner): Promise<void> {
  if (isTampered(resource, row))
    await auditRequest(request, {
      event: 'DATA_INTEGRITY_VIOLATION',
      result: 'failure',
      objectType: resource.name,
      objectId: row.id,
      reason: 'sealMismatch',
    });
}

/** Nothing is written over a tampered record: its content cannot be trusted to build on. 409, with the audit row. */
export async function requireIntact(request: FastifyRequest, resource: CompiledResource, row: RecordWithOwner): Promise<void> {
  if (!isTampered(resource, row)) return;
  await auditIfTampered(request, resource, row);
  throw new AppError(409, 'recordTampered');
}
