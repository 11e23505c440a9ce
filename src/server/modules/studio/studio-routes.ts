import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { StudioCandidate } from '../../../shared/generated/studio-candidate';
import type { StudioCheckResult } from '../../../shared/generated/studio-check-result';
import type { StudioImpactReport } from '../../../shared/generated/studio-impact-report';
import type { StudioPublishRequest } from '../../../shared/generated/studio-publish-request';
import type { StudioRollbackRequest } from '../../../shared/generated/studio-rollback-request';
import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { mayPublishKind } from '../../../shared/permissions/studio-kind-permissions';
import studioCandidateSchema from '../../../../schemas/api/studio-candidate.schema.json';
import studioCheckResultSchema from '../../../../schemas/api/studio-check-result.schema.json';
import studioImpactReportSchema from '../../../../schemas/api/studio-impact-report.schema.json';
import studioPublicationSchema from '../../../../schemas/api/studio-publication.schema.json';
import studioPublishRequestSchema from '../../../../schemas/api/studio-publish-request.schema.json';
import studioRollbackRequestSchema from '../../../../schemas/api/studio-rollback-request.schema.json';
import studioUnitQuerySchema from '../../../../schemas/api/studio-unit-query.schema.json';
import studioUnitSchema from '../../../../schemas/api/studio-unit.schema.json';
import studioUnitSummarySchema from '../../../../schemas/api/studio-unit-summary.schema.json';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/route-access';
import { okResponse } from '../../lib/ok-response';
import type { Locale } from '../../../shared/i18n/locale';
import type { Db } from '../../db/database';
import { activityImpact, formImpact, resourceImpact, siteImpact } from './impact-report';
import { findPublication, listPublications } from '../../engine/units/publication-store';
import { publishUnit } from '../../engine/units/publish-unit';
import { requireKindPermission } from '../../engine/units/require-kind-permission';
import { SchemaUnitError } from '../../engine/units/schema-unit-error';
import { compileContextOf, compileUnit, compileUnitOrRefuse, type CompileContext } from '../../engine/units/compile-unit';
import { publicationView } from './publication-view';
import { listStudioUnits, studioUnitView } from '../../engine/units/studio-units';
import { registryOf, unitRegistries, type UnitsByKind } from '../../engine/units/unit-registries';
import type { UnitKind, UnitRegistry } from '../../engine/units/unit-registry';

const TAGS = ['表单设计'];
const QUERY = { permission: `${PERMISSION_IDS.schemaStudio}.query` };
const UPDATE = { permission: `${PERMISSION_IDS.schemaStudio}.update` };

// The request's schema makes every value a string.
const textsOf = (files: Readonly<Record<string, string | undefined>>) =>
  new Map(Object.entries(files).map(([name, text]) => [name, text ?? '']));

/** A unit the studio may open: live, or left out at start-up but present on disk. */
async function openUnit(app: FastifyInstance, unit: StudioUnitQuery): Promise<{ texts: ReadonlyMap<string, string>; live: boolean }> {
  const registry = registryOf(app, unit.kind);
  const live = registry.texts(unit.name);
  if (live) return { texts: live, live: true };
  const disk = await registry.read(unit.name);
  if (!disk) throw new AppError(404, 'notFound');
  return { texts: disk, live: false };
}

type ImpactReport<Unit> = (db: Db, live: Unit, candidate: Unit, locale: Locale) => Promise<StudioImpactReport>;

/** Each kind's impact report (impact-report.ts), beside the registries: the stored drafts and records it reads are the kind's own. */
const IMPACT_REPORTS: { readonly [K in UnitKind]: ImpactReport<UnitsByKind[K]> } = {
  activity: activityImpact,
  form: formImpact,
  resource: resourceImpact,
  site: siteImpact,
  // A dashboard, like the navigation, keeps no records or drafts of its own: nothing stored to weigh.
  dashboard: siteImpact,
  // A dictionary breaks nothing stored: an item taken out is retired, its key still accepted and labelled (ADR 0046).
  dictionary: siteImpact,
  // A shared workflow changes no record's data; what it would strand (a state with records, a step nobody may take) is refused by its check (ADR 0053).
  workflow: siteImpact,
};

/** The impact report of a candidate against the live unit; a unit left out at start-up compares with nothing (404). */
async function impactOf<K extends UnitKind>(
  app: FastifyInstance,
  context: CompileContext,
  unit: { kind: K; name: string },
  texts: ReadonlyMap<string, string>,
  locale: Locale,
): Promise<StudioImpactReport> {
  const registry: UnitRegistry<UnitsByKind[K]> = unitRegistries(app)[unit.kind];
  const live = registry.get(unit.name);
  if (!live) throw new AppError(404, 'notFound');
  const candidate = await compileUnitOrRefuse(context, registry, unit.name, texts);
  const report: ImpactReport<UnitsByKind[K]> = IMPACT_REPORTS[unit.kind];
  return report(app.database.db, live, candidate.unit, locale);
}

/**
 * 表单设计 (issue 17, ADR 0026), for holders of schemaStudio: query lists, opens, checks a candidate
 * as the author types (the problems schemas:check would report, and what the preview renders) and
 * reports which stored drafts and records it would break; update publishes and rolls back. Weighing,
 * publishing and rolling back a unit also take its kind's permission (requireKindPermission, ADR 0041):
 * the impact report reads the kind's stored records, which only its authors need to see.
 */
export async function studioRoutes(app: FastifyInstance): Promise<void> {
  const context = compileContextOf(app);
  app.get(
    ENDPOINTS.studioUnits,
    {
      config: { access: QUERY },
      schema: {
        summary: '表单设计：可编辑的活动文件夹、表单、资源文件夹和站点导航',
        tags: TAGS,
        response: okResponse({ type: 'array', items: studioUnitSummarySchema }),
      },
    },
    // canPublish on each: the studio opens the units the caller may not publish read-only (ADR 0041).
    async (request) => ok(await listStudioUnits(app, requireUser(request).permissions)),
  );

  app.get<{ Querystring: StudioUnitQuery }>(
    ENDPOINTS.studioUnit,
    {
      config: { access: QUERY },
      schema: {
        summary: '表单设计：打开一个活动文件夹、表单、资源文件夹或站点导航（各文件全文）',
        tags: TAGS,
        querystring: studioUnitQuerySchema,
        response: okResponse(studioUnitSchema),
      },
    },
    async (request) => {
      const unit = request.query;
      const { texts, live } = await openUnit(app, unit);
      return ok(studioUnitView(app, unit, texts, { live, canPublish: mayPublishKind(requireUser(request).permissions, unit.kind) }));
    },
  );

  app.post<{ Body: StudioCandidate }>(
    ENDPOINTS.studioCheck,
    {
      config: { access: QUERY, rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        summary: '表单设计：检查候选版本（与 schemas:check 相同的问题），并给出预览内容',
        tags: TAGS,
        body: studioCandidateSchema,
        response: okResponse(studioCheckResultSchema),
      },
    },
    async (request) => {
      const { kind, name, files } = request.body;
      const registry = registryOf(app, kind);
      try {
        const compiled = await compileUnit(context, registry, name, textsOf(files));
        const result: StudioCheckResult = {
          problems: [],
          version: compiled.version,
          preview: registry.preview(compiled.unit, app.clock()),
        };
        return ok(result);
      } catch (error) {
        if (!(error instanceof SchemaUnitError)) throw error;
        const result: StudioCheckResult = { problems: error.unit.problems };
        return ok(result);
      }
    },
  );

  app.post<{ Body: StudioCandidate }>(
    ENDPOINTS.studioImpact,
    {
      config: { access: QUERY, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary:
          '表单设计：影响分析（哪些已保存的草稿和已提交的记录会因这次修改而不再通过；还须有这类单元的权限，如 schemaStudioResource.update）',
        tags: TAGS,
        body: studioCandidateSchema,
        response: okResponse(studioImpactReportSchema),
      },
    },
    async (request) => {
      const { kind, name, files } = request.body;
      await requireKindPermission(request, { kind, name });
      return ok(await impactOf(app, context, { kind, name }, textsOf(files), requestLocale(request)));
    },
  );

  app.get<{ Querystring: StudioUnitQuery }>(
    ENDPOINTS.studioVersions,
    {
      config: { access: QUERY },
      schema: {
        summary: '表单设计：已发布的版本（最新在前）',
        tags: TAGS,
        querystring: studioUnitQuerySchema,
        response: okResponse({ type: 'array', items: studioPublicationSchema }),
      },
    },
    async (request) => {
      const unit = request.query;
      const registry = registryOf(app, unit.kind);
      const live = registry.texts(unit.name);
      const liveVersion = live ? registry.versionOf(live) : undefined;
      const rows = await listPublications(app.database.db, unit.kind, unit.name);
      return ok(rows.map((row) => publicationView(row, row.version === liveVersion)));
    },
  );

  app.post<{ Body: StudioPublishRequest }>(
    ENDPOINTS.studioPublish,
    {
      config: { access: UPDATE, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '表单设计：发布（保留各版本并记入审计日志，各进程无需重启即生效；还须有这类单元的权限，如 schemaStudioResource.update）',
        tags: TAGS,
        body: studioPublishRequestSchema,
        response: okResponse(studioPublicationSchema),
      },
    },
    async (request) => {
      const { kind, name, files, baseVersion, drafts = 'keep', note } = request.body;
      const row = await publishUnit(app, request, {
        unit: { kind, name },
        texts: textsOf(files),
        baseVersion,
        drafts,
        note,
        action: 'publish',
      });
      return ok(publicationView(row, true), serverMessage('schemaPublished', requestLocale(request)));
    },
  );

  app.post<{ Body: StudioRollbackRequest }>(
    ENDPOINTS.studioRollback,
    {
      config: { access: UPDATE, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '表单设计：回滚到已发布的某个版本（一次操作；还须有这类单元的权限，如 schemaStudioResource.update）',
        tags: TAGS,
        body: studioRollbackRequestSchema,
        response: okResponse(studioPublicationSchema),
      },
    },
    async (request) => {
      const { kind, name, publicationId, baseVersion } = request.body;
      // Before the publication is looked up, so a caller who may not author the kind learns nothing of its ids.
      await requireKindPermission(request, { kind, name });
      const target = await findPublication(app.database.db, publicationId);
      if (!target || target.kind !== kind || target.name !== name) throw new AppError(404, 'notFound');
      const row = await publishUnit(app, request, {
        unit: { kind, name },
        texts: textsOf(target.files),
        baseVersion,
        drafts: 'keep',
        note: `回滚到 #${target.id}`,
        action: 'rollback',
      });
      return ok(publicationView(row, true), serverMessage('schemaRolledBack', requestLocale(request)));
    },
  );
}
