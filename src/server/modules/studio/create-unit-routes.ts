import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { StudioCreateRequest } from '../../../shared/generated/studio-create-request';
import type { StudioRetireRequest } from '../../../shared/generated/studio-retire-request';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { retiredResourceTexts } from '../../../shared/studio/new-resource-texts';
import { retiredActivityTexts } from '../../../shared/studio/new-unit-texts';
import { retiredDictionaryTexts } from '../../../shared/studio/retired-dictionary-texts';
import { retiredFormTexts } from '../../../shared/studio/retired-form-texts';
import studioCreateRequestSchema from '../../../../schemas/api/studio-create-request.schema.json';
import studioPublicationSchema from '../../../../schemas/api/studio-publication.schema.json';
import studioRetireRequestSchema from '../../../../schemas/api/studio-retire-request.schema.json';
import studioUnitSchema from '../../../../schemas/api/studio-unit.schema.json';
import type { Locale } from '../../../shared/i18n/locale';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage, type ServerMessageKey } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { createUnit } from '../../engine/units/create-unit';
import { publishUnit } from '../../engine/units/publish-unit';
import type { UnitProblem } from '../../engine/units/schema-unit-error';
import { studioUnitView } from '../../engine/units/studio-units';
import { registryOf } from '../../engine/units/unit-registries';
import { publicationView } from './publication-view';

const TAGS = ['表单设计'];
const UPDATE = { permission: `${PERMISSION_IDS.schemaStudio}.update` };

/**
 * What retiring each kind publishes (the live files with the kind's mark) and what the answer says. A
 * retired activity takes no new application (ADR 0040), a record type no new record (ADR 0047), a form no
 * new submission and a dictionary no new field (ADR 0055); what exists stays.
 */
const RETIREMENTS: {
  readonly [K in StudioRetireRequest['kind']]: {
    texts: (live: ReadonlyMap<string, string>) => Map<string, string>;
    done: ServerMessageKey;
  };
} = {
  activity: { texts: retiredActivityTexts, done: 'schemaRetired' },
  resource: { texts: retiredResourceTexts, done: 'recordTypeRetired' },
  form: { texts: retiredFormTexts, done: 'studioFormRetired' },
  dictionary: { texts: retiredDictionaryTexts, done: 'studioDictionaryRetired' },
};

/**
 * A retirement the check refuses (the message board's form) is answered with the reasons in its message:
 * the 停用 button has no editor to show the problems on, as a publication's author has.
 */
function retireRefusal(error: unknown, locale: Locale): unknown {
  if (!(error instanceof AppError) || error.messageKey !== 'schemaInvalid') return error;
  const problems = (error.details.data?.['problems'] ?? []) as UnitProblem[];
  const reasons = problems.map((problem) => problem.message).join('；');
  return new AppError(400, 'schemaInvalid', { ...error.details, msg: `${serverMessage('studioRetireRefused', locale)}${reasons}` });
}

/**
 * 表单设计 (ADR 0040): a new unit from the browser, and an activity, a record type, a form or a
 * dictionary retired (ADR 0047, 0055). Both are publications, versioned and audited like an edit, and
 * live in every process without a restart.
 */
export async function createUnitRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: StudioCreateRequest }>(
    ENDPOINTS.studioCreate,
    {
      config: { access: UPDATE, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '表单设计：新建申报活动、表单或记录类型（空白、模板或复制；记入审计日志，各进程无需重启即生效）',
        tags: TAGS,
        body: studioCreateRequestSchema,
        response: okResponse(studioUnitSchema),
      },
    },
    async (request) => {
      const { kind, name } = request.body;
      const { texts } = await createUnit(app, request, request.body);
      // Creating took the kind's permission, which publishing it takes too.
      const unit = studioUnitView(app, { kind, name }, texts, { live: true, canPublish: true });
      return ok(unit, serverMessage('schemaCreated', requestLocale(request)));
    },
  );

  // A convenience over a publication: the unit as it is live, with the kind's retired mark (ADR 0040, 0047, 0055).
  app.post<{ Body: StudioRetireRequest }>(
    ENDPOINTS.studioRetire,
    {
      config: { access: UPDATE, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary:
          '表单设计：停用申报活动、记录类型、表单或字典（发布一个带停用标记的版本；不删除，已有的草稿、记录、提交内容和引用它的字段照常）',
        tags: TAGS,
        body: studioRetireRequestSchema,
        response: okResponse(studioPublicationSchema),
      },
    },
    async (request) => {
      const { kind, name, baseVersion, note } = request.body;
      const live = registryOf(app, kind).texts(name);
      if (!live) throw new AppError(404, 'notFound');
      const retirement = RETIREMENTS[kind];
      const locale = requestLocale(request);
      // The kind's permission, the check (a built-in form refused with its reason) and the audit row are the publication's.
      const row = await publishUnit(app, request, {
        unit: { kind, name },
        texts: retirement.texts(live),
        baseVersion,
        drafts: 'keep',
        note: note ?? '停用',
        action: 'retire',
      }).catch((error: unknown) => {
        throw retireRefusal(error, locale);
      });
      return ok(publicationView(row, true), serverMessage(retirement.done, locale));
    },
  );
}
