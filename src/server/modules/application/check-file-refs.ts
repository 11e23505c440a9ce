import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import type { StepFieldError } from '../../../shared/generated/step-field-error';
import type { Locale } from '../../../shared/i18n/locale';
import type { Db } from '../../db/database';
import { serverMessage } from '../../i18n/server-messages';
import { findOwnAttachments } from '../attachment/attachment-store';
import { collectUploadValues } from './collect-upload-values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function refId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as Record<string, unknown>)['id'];
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/**
 * Every file reference in the given steps must be exactly an upload of the caller for this activity
 * (id, name, size and type as stored): a reference to someone else's file, or a made-up one, is an
 * error on its path (SECURITY R16, R17).
 */
export async function checkFileRefs(
  db: Db,
  compiled: CompiledActivity,
  data: Readonly<Record<string, unknown>>,
  owner: { userId: string; activityId: string },
  locale: Locale,
  steps?: readonly string[],
): Promise<StepFieldError[]> {
  const found = compiled.definition.steps
    .filter((step) => !steps || steps.includes(step.key))
    .flatMap((step) => collectUploadValues(step.schema, data[step.key]).map((entry) => ({ step: step.key, ...entry })));
  if (found.length === 0) return [];
  const ids = [...new Set(found.map((entry) => refId(entry.value)).filter((id): id is string => id !== undefined))];
  const stored = await findOwnAttachments(db, owner.userId, owner.activityId, ids);
  const message = serverMessage('attachmentInvalid', locale);
  return found
    .filter(({ value }) => {
      const id = refId(value);
      const attachment = id === undefined ? undefined : stored.get(id);
      if (!attachment) return true;
      const ref = value as Record<string, unknown>;
      const keys = Object.keys(ref).sort().join(',');
      return keys !== 'id,name,size,type' || ref['name'] !== attachment.originalName || ref['size'] !== attachment.size || ref['type'] !== attachment.type;
    })
    .map(({ step, path }) => ({ step, path, keyword: 'attachment', params: {}, message }));
}
