import type { FastifyInstance } from 'fastify';
import uploadTargetSchema from '../../../../schemas/api/upload-target.schema.json';
import vocabulary from '../../../../schemas/meta/vocabulary.schema.json';
import type { UploadTarget as UploadTargetFields } from '../../../shared/generated/upload-target';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import { AppError } from '../../lib/app-error';
import { requireMayApply } from '../../services/users/require-may-apply';
import type { AuthUser } from '../../lib/auth-user';
import type { CompiledResource } from './compiled-resource';

/** An Upload field's x-upload: the extensions it accepts and its per-file byte limit. */
export interface UploadRule {
  accept: string[];
  maxSize: number;
}

/** Where an upload goes, checked: its owner, the step (activities only), the field and its rule. */
export interface UploadTarget {
  ownerKind: UploadTargetFields['ownerKind'];
  ownerId: string;
  step: string | null;
  field: string;
  rule: UploadRule;
}

const validateFields = createAjv().compile<UploadTargetFields>(uploadTargetSchema);

export function isUploadRule(value: unknown): value is UploadRule {
  if (typeof value !== 'object' || value === null) return false;
  const { accept, maxSize } = value as Record<string, unknown>;
  return (
    Array.isArray(accept) &&
    accept.every((entry) => typeof entry === 'string') &&
    typeof maxSize === 'number' &&
    Number.isInteger(maxSize) &&
    maxSize > 0
  );
}

/** The multipart text parts as an upload target; `activityId` is the shorthand of an activity's owner. */
function targetFields(fields: ReadonlyMap<string, string>): Record<string, string> {
  const input = Object.fromEntries(fields);
  const { activityId, ...rest } = input;
  if (activityId === undefined) return input;
  if (rest['ownerKind'] !== undefined || rest['ownerId'] !== undefined) throw new AppError(400, 'badRequest');
  return { ...rest, ownerKind: 'activity', ownerId: activityId };
}

/** The schema of the form the file is for: the activity's step, or the resource's record. */
function formSchema(app: FastifyInstance, user: AuthUser, target: UploadTargetFields): JsonSchema {
  if (target.ownerKind === 'resource') {
    const resource: CompiledResource | undefined = app.resources.get(target.ownerId);
    // A resource whose records a module keeps (source) takes no uploads here.
    if (!resource || resource.resource.source !== undefined) throw new AppError(404, 'notFound');
    if (target.step !== undefined) throw new AppError(400, 'unknownStep');
    return resource.record;
  }
  const activity = app.activities.get(target.ownerId);
  if (!activity) throw new AppError(404, 'notFound');
  requireMayApply(user, activity.definition.manifest);
  const step = activity.definition.steps.find((entry) => entry.key === target.step);
  if (!step) throw new AppError(400, 'unknownStep');
  return step.schema;
}

/**
 * The field an upload is for, from the multipart text parts (ADR 0011): 400 unless it names an
 * Upload field of an activity's step or of a resource's record form.
 */
export function resolveUploadField(app: FastifyInstance, user: AuthUser, fields: ReadonlyMap<string, string>): UploadTarget {
  const input = targetFields(fields);
  if (!input['ownerId'] || !input['field'] || (input['ownerKind'] === 'activity' && !input['step']))
    throw new AppError(400, 'uploadIncomplete');
  if (!validateFields(input)) throw new AppError(400, 'notUploadField');
  const target: UploadTargetFields = input;
  const node = schemaAtPath(formSchema(app, user, target), target.field);
  const rule: unknown = node?.['x-upload'];
  if (node?.['x-component'] !== 'Upload' || !isUploadRule(rule)) throw new AppError(400, 'notUploadField');
  return { ownerKind: target.ownerKind, ownerId: target.ownerId, step: target.step ?? null, field: target.field, rule };
}

/**
 * The attachment parser's own hard stop: the largest maxSize the vocabulary allows an Upload field
 * (schemas/meta/vocabulary.schema.json). Each upload is still held to its live field's maxSize while it
 * streams (attachment-routes.ts, receiveUpload), so a publication may raise a field's limit up to this
 * without a restart (issue 32 item 3): the parser no longer stops at the largest limit seen at start-up.
 */
export const UPLOAD_LIMIT_CEILING: number = vocabulary.keywords['x-upload'].properties.maxSize.maximum;
