import type { UploadValue } from '../../../shared/schema/collect-upload-values';
import type { Db } from '../../db/database';
import { findOwnAttachments, type UploadOwner } from './attachment-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function refId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as Record<string, unknown>)['id'];
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/**
 * The file references that are not exactly an upload of the caller for this owner (id, name, size
 * and type as stored): someone else's file, another activity's or resource's, or a made-up one
 * (SECURITY R16, R17). Every record that holds Upload fields checks its values through here.
 */
export async function invalidUploadRefs<T extends UploadValue>(db: Db, found: readonly T[], owner: UploadOwner | undefined): Promise<T[]> {
  if (found.length === 0) return [];
  // A visitor owns no uploads: whatever they send is not theirs.
  if (!owner) return [...found];
  const ids = [...new Set(found.map((entry) => refId(entry.value)).filter((id): id is string => id !== undefined))];
  const stored = await findOwnAttachments(db, owner, ids);
  return found.filter(({ value }) => {
    const id = refId(value);
    const attachment = id === undefined ? undefined : stored.get(id);
    if (!attachment) return true;
    const ref = value as Record<string, unknown>;
    const keys = Object.keys(ref).sort().join(',');
    return (
      keys !== 'id,name,size,type' ||
      ref['name'] !== attachment.originalName ||
      ref['size'] !== attachment.size ||
      ref['type'] !== attachment.type
    );
  });
}
