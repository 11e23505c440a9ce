import type { FastifyInstance } from 'fastify';
import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';

/** An Upload field's x-upload: the extensions it accepts and its per-file byte limit. */
export interface UploadRule {
  accept: string[];
  maxSize: number;
}

export interface UploadTarget {
  activity: CompiledActivity;
  step: string;
  field: string;
  rule: UploadRule;
}

// A dotted path inside the step: names and array indexes, e.g. `groups.0.files`.
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9_]{0,63}(\.(\d{1,4}|[A-Za-z][A-Za-z0-9_]{0,63})){0,8}$/;

export function isUploadRule(value: unknown): value is UploadRule {
  if (typeof value !== 'object' || value === null) return false;
  const { accept, maxSize } = value as Record<string, unknown>;
  return Array.isArray(accept) && accept.every((entry) => typeof entry === 'string') && typeof maxSize === 'number' && Number.isInteger(maxSize) && maxSize > 0;
}

/** The field an upload is for, from the multipart fields; 400 unless it is an Upload field of a step. */
export function resolveUploadField(app: FastifyInstance, user: AuthUser, fields: ReadonlyMap<string, string>): UploadTarget {
  const activityId = fields.get('activityId');
  const step = fields.get('step');
  const field = fields.get('field');
  if (!activityId || !step || !field) throw new AppError(400, 'uploadIncomplete');
  const activity = app.activities.get(activityId);
  if (!activity) throw new AppError(404, 'notFound');
  const eligible = activity.definition.manifest.eligibleRoles;
  if (eligible && !(eligible as readonly string[]).includes(user.role)) throw new AppError(403, 'notQualified');
  const stepDefinition = activity.definition.steps.find((entry) => entry.key === step);
  if (!stepDefinition) throw new AppError(400, 'unknownStep');
  const node = FIELD_PATH.test(field) ? schemaAtPath(stepDefinition.schema, field) : undefined;
  const rule: unknown = node?.['x-upload'];
  if (node?.['x-component'] !== 'Upload' || !isUploadRule(rule)) throw new AppError(400, 'notUploadField');
  return { activity, step, field, rule };
}

/** The largest per-file limit of any Upload field: the multipart parser's own hard stop. */
export function largestUploadLimit(activities: readonly CompiledActivity[], fallback: number): number {
  let largest = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const rule = (node as Record<string, unknown>)['x-upload'];
    if (isUploadRule(rule)) largest = Math.max(largest, rule.maxSize);
    Object.values(node).forEach(visit);
  };
  for (const activity of activities) activity.definition.steps.forEach((step) => visit(step.schema));
  return largest || fallback;
}
