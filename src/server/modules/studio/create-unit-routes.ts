import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { StudioCreateRequest } from '../../../shared/generated/studio-create-request';
import type { StudioRetireRequest } from '../../../shared/generated/studio-retire-request';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { retiredResourceTexts } from '../../../shared/studio/new-resource-texts';
import { retiredActivityTexts } from '../../../shared/studio/new-unit-texts';
import studioCreateRequestSchema from '../../../../schemas/api/studio-create-request.schema.json';
import studioPublicationSchema from '../../../../schemas/api/studio-publication.schema.json';
import studioRetireRequestSchema from '../../../../schemas/api/studio-retire-request.schema.json';
import studioUnitSchema from '../../../../schemas/api/studio-unit.schema.json';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { createUnit } from '../../engine/units/create-unit';
import { publishUnit } from '../../engine/units/publish-unit';
import { studioUnitView } from '../../engine/units/studio-units';
import { publicationView } from './publication-view';

const TAGS = ['表单设计'];
const UPDATE = { permission: `${PERMISSION_IDS.schemaStudio}.update` };

/**
 * 表单设计 (ADR 0040): a new activity folder or form from the browser, and an activity retired. Both
 * are publications, versioned and audited like an edit, and live in every process without a restart.
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

  // A convenience over a publication: the manifest as it is live, with retired: true (ADR 0040).
  app.post<{ Body: StudioRetireRequest }>(
    ENDPOINTS.studioRetire,
    {
      config: { access: UPDATE, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '表单设计：停用申报活动或记录类型（发布一个带 retired 的版本；不删除，已有的草稿和记录仍可查看）',
        tags: TAGS,
        body: studioRetireRequestSchema,
        response: okResponse(studioPublicationSchema),
      },
    },
    async (request) => {
      const { kind, name, baseVersion, note } = request.body;
      const live = kind === 'resource' ? app.resources.texts(name) : app.activities.texts(name);
      if (!live) throw new AppError(404, 'notFound');
      const row = await publishUnit(app, request, {
        unit: { kind, name },
        // A record type retired takes no new records (ADR 0047); its lists and details stay.
        texts: kind === 'resource' ? retiredResourceTexts(live) : retiredActivityTexts(live),
        baseVersion,
        drafts: 'keep',
        note: note ?? '停用',
        action: 'retire',
      });
      return ok(
        publicationView(row, true),
        serverMessage(kind === 'resource' ? 'recordTypeRetired' : 'schemaRetired', requestLocale(request)),
      );
    },
  );
}
