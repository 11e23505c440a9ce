import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { RESERVED_FIELDS } from '../../../shared/resource/resource-definition';
import { isJsonSchema } from '../../../shared/schema/json-schema';
import { isRetiredForm } from '../../../shared/schema/is-retired-form';
import { pruneEmpty } from '../../../shared/schema/prune-empty';
import type { FieldError } from '../../../shared/schema/field-error';
import { validationMessage } from '../../../shared/i18n/validation-message';
import { AppError } from '../../lib/app-error';
import { sanitizeRichTextFields } from '../../lib/sanitize-rich-text';
import { requestLocale } from '../../i18n/request-locale';
import { runWritePipeline, type WriteTarget } from './run-write-pipeline';

/** What a write route checks its input against, declared in its config instead of by hand in the handler. */
export interface ResourceWrite {
  /** The folder, or RESOURCE_FROM_PATH: the one the path's :resource names (the parametric routes of ADR 0047). */
  name: string;
  /** create: the body is the record; update: the body is {id, version, data}. */
  write: 'create' | 'update';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form schema (schemas/forms/<name>.schema.json) the body is checked against. */
    form?: string;
    /**
     * The form the body is checked against now, where a publication may change it (the matching questionnaire,
     * ADR 0051): asked at each request instead of `form`; undefined is a 404 (the route serves nothing now).
     */
    formNow?: (request: FastifyRequest) => string | undefined;
    /** The resource folder whose record schema the body (or its data) is checked against. */
    resource?: ResourceWrite;
  }
  interface FastifyRequest {
    /** The input after the write pipeline: pruned, valid, dictionary values known, unique, captcha spent and removed. */
    checkedData: Record<string, unknown> | undefined;
  }
}

/** A body naming what only the server decides is refused whole, with each such field named (SECURITY R17). */
function refuseMassAssignment(request: FastifyRequest, data: Record<string, unknown>): void {
  const locale = requestLocale(request);
  const errors: FieldError[] = RESERVED_FIELDS.filter((field) => Object.hasOwn(data, field)).map((field) => {
    const params = { additionalProperty: field };
    return {
      path: field,
      keyword: 'additionalProperties',
      params,
      message: validationMessage('additionalProperties', params, undefined, locale),
    };
  });
  if (errors.length > 0) throw new AppError(400, 'massAssignment', { errors });
}

/** A write route whose folder is its path's `:resource` parameter, read at the request. */
export const RESOURCE_FROM_PATH = ':resource';

function targetOf(
  app: FastifyInstance,
  request: FastifyRequest,
): { target: WriteTarget; data: unknown; exceptId: string | undefined } | undefined {
  const { formNow, resource } = request.routeOptions.config;
  const form = formNow ? formNow(request) : request.routeOptions.config.form;
  if (formNow && form === undefined) throw new AppError(404, 'notFound');
  if (form) {
    const entry = app.schemaRegistry.require(form);
    // A retired form takes no new submission (ADR 0055); what its endpoint stored before is read elsewhere, untouched.
    if (isRetiredForm(entry.schema)) throw new AppError(403, 'formRetired');
    return {
      target: { schema: entry.schema, validate: entry.validate, captchaPurpose: form, uniqueFields: [], resource: undefined },
      data: request.body,
      exceptId: undefined,
    };
  }
  if (!resource) return undefined;
  const name = resource.name === RESOURCE_FROM_PATH ? (request.params as { resource?: string }).resource : resource.name;
  const compiled = name === undefined ? undefined : app.resources.get(name);
  if (!compiled) {
    // A folder of the path that is not live is the parametric route's 404; a start-up route naming none is a bug.
    if (resource.name === RESOURCE_FROM_PATH) throw new AppError(404, 'notFound');
    throw new Error(`route declares unknown resource ${resource.name}`);
  }
  const body = isJsonSchema(request.body) ? request.body : {};
  const data = resource.write === 'update' ? body['data'] : body;
  const exceptId = resource.write === 'update' && typeof body['id'] === 'string' ? body['id'] : undefined;
  const target: WriteTarget = {
    schema: compiled.record,
    validate: compiled.validate,
    captchaPurpose: `resource:${compiled.name}`,
    uniqueFields: compiled.uniqueFields,
    resource: compiled,
  };
  return { target, data, exceptId };
}

/**
 * Every route that declares `config.form` or `config.resource` gets the one write pipeline as a
 * preHandler (after route access and the route's own schema): mass assignment refused, then prune →
 * rich text sanitised → ajv → x-dict → x-unique → captcha. The handler reads `request.checkedData`.
 * Install on the root instance before any route is registered.
 */
export function installWritePipeline(app: FastifyInstance): void {
  app.decorateRequest('checkedData', undefined);
  const pipeline: preHandlerHookHandler = async function (request) {
    const found = targetOf(app, request);
    if (!found) return;
    const data = isJsonSchema(found.data) ? found.data : {};
    if (request.routeOptions.config.resource) refuseMassAssignment(request, data);
    // Rich text is stored only as the allowlist's HTML (SECURITY R22). The pipeline prunes again, so a
    // text with nothing left after sanitising counts as not filled in, and ajv judges what is stored.
    const clean = sanitizeRichTextFields(found.target.schema, pruneEmpty(data) as Record<string, unknown>);
    request.checkedData = await runWritePipeline(app, request, found.target, clean, found.exceptId);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.form && !route.config?.formNow && !route.config?.resource) return;
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), pipeline];
  });
}
