import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { publicStates } from '../../../shared/resource/workflow-rules';
import type { FieldError } from '../../../shared/schema/field-error';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { dropHiddenFields } from '../../../shared/schema/drop-hidden-fields';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import { schemaAtPath } from '../../../shared/schema/schema-at-path';
import { collectUploadValues } from '../../../shared/schema/collect-upload-values';
import { toFieldErrors } from '../../../shared/schema/to-field-errors';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { invalidUploadRefs } from '../../services/files/invalid-upload-refs';
import { consumeCaptcha, type CaptchaCheck, type CaptchaPurpose } from '../../services/captcha/captcha-store';
import { consumeLoginCaptcha } from '../../services/captcha/login-captcha-store';
import { checkDictValues } from '../../services/dict/check-dict-values';
import type { CompiledResource } from '../units/resource-registry';
import { personalDigest } from '../records/personal-digest';
import { valueTaken } from '../records/record-store';

/** The header a visitor's write carries the id of the captcha it answers (no user to key it by). */
export const CAPTCHA_ID_HEADER = 'x-captcha-id';

export interface WriteTarget {
  schema: JsonSchema;
  validate: ValidateFunction;
  /** The captcha store's purpose for a logged-in writer: the form's or the resource's name. */
  captchaPurpose: CaptchaPurpose;
  uniqueFields: string[];
  /** The resource whose records hold the x-unique values; undefined for a plain form. */
  resource: CompiledResource | undefined;
}

function captchaFieldOf(schema: JsonSchema): string | undefined {
  return Object.entries(schema.properties ?? {}).find(([, node]) => node['x-component'] === 'Captcha')?.[0];
}

async function checkUnique(
  app: FastifyInstance,
  target: WriteTarget,
  data: Record<string, unknown>,
  exceptId: string | undefined,
  locale: ReturnType<typeof requestLocale>,
  skip: ReadonlySet<string>,
): Promise<FieldError[]> {
  const resource = target.resource;
  if (!resource) return [];
  const errors: FieldError[] = [];
  for (const field of target.uniqueFields) {
    const value = data[field];
    if (typeof value !== 'string' || skip.has(field)) continue;
    // A value is held once its record is visible to others: a private draft cannot squat on a name.
    const digest = personalDigest(app.database.db, resource, field, value);
    if (
      await valueTaken(app.database.db, {
        resource: resource.name,
        field,
        value,
        exceptId,
        states: publicStates(resource.workflow),
        digest,
      })
    ) {
      errors.push({
        path: field,
        keyword: 'x-unique',
        params: {},
        message: validationMessage('unique', {}, schemaAtPath(target.schema, field), locale),
      });
    }
  }
  return errors;
}

/** Every file reference of a resource's record must be the writer's own upload for that resource (ADR 0011). */
async function checkUploads(
  app: FastifyInstance,
  request: FastifyRequest,
  target: WriteTarget,
  data: Record<string, unknown>,
  locale: ReturnType<typeof requestLocale>,
  skip: ReadonlySet<string>,
): Promise<FieldError[]> {
  const resource = target.resource;
  if (!resource) return [];
  const found = collectUploadValues(target.schema, data).filter(({ path }) => !skip.has(path));
  const owner = request.user ? { userId: request.user.id, ownerKind: 'resource' as const, ownerId: resource.name } : undefined;
  const message = serverMessage('attachmentInvalid', locale);
  return (await invalidUploadRefs(app.database.db, found, owner)).map(({ path }) => ({ path, keyword: 'attachment', params: {}, message }));
}

async function spendCaptcha(app: FastifyInstance, request: FastifyRequest, purpose: CaptchaPurpose, answer: string): Promise<CaptchaCheck> {
  const now = app.clock();
  if (request.user) return consumeCaptcha(app.database.db, request.user.id, purpose, answer, now);
  const id = request.headers[CAPTCHA_ID_HEADER];
  return typeof id === 'string' && id ? consumeLoginCaptcha(app.database.db, id, answer, now) : 'invalid';
}

/**
 * The one write pipeline (ADR 0010): a cleared field counts as not filled in (ADR 0001); the schema
 * file's rules, all errors at once; dictionary membership against the database; file references
 * against the writer's uploads; x-unique against the resource's other records; and only then, for a
 * well-formed write, the captcha, which is spent whatever the answer. Returns the data to store, without the captcha; throws a 400 with field errors.
 */
export async function runWritePipeline(
  app: FastifyInstance,
  request: FastifyRequest,
  target: WriteTarget,
  input: Record<string, unknown>,
  exceptId: string | undefined,
): Promise<Record<string, unknown>> {
  // A frozen account publishes nothing (spec §8); it may still leave a message, to ask how to be unfrozen.
  if (target.resource && request.user?.frozen) throw new AppError(403, 'accountFrozen');
  const locale = requestLocale(request);
  // A field a condition hides is dropped, as the browser drops it: never validated, never stored.
  const data = dropHiddenFields(target.schema, pruneEmpty(input)) as Record<string, unknown>;
  const errors = target.validate(data) ? [] : toFieldErrors(target.validate.errors, target.schema, locale);
  errors.push(...(await checkDictValues(app.database.db, target.schema, data, locale, new Set(errors.map((error) => error.path)))));
  errors.push(...(await checkUploads(app, request, target, data, locale, new Set(errors.map((error) => error.path)))));
  errors.push(...(await checkUnique(app, target, data, exceptId, locale, new Set(errors.map((error) => error.path)))));
  if (errors.length > 0) throw new AppError(400, 'validationFailed', { errors });

  const captchaField = captchaFieldOf(target.schema);
  if (captchaField === undefined) return data;
  const { [captchaField]: answer, ...stored } = data;
  const check = await spendCaptcha(app, request, target.captchaPurpose, String(answer ?? ''));
  if (check !== 'ok') {
    const params = { reason: check };
    const text = validationMessage('captcha', params, schemaAtPath(target.schema, captchaField), locale);
    throw new AppError(400, 'validationFailed', { msg: text, errors: [{ path: captchaField, keyword: 'captcha', params, message: text }] });
  }
  return stored;
}
