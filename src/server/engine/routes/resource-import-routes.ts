import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import importReportSchema from '../../../../schemas/api/import-report.schema.json';
import importResultSchema from '../../../../schemas/api/import-result.schema.json';
import type { ImportReport } from '../../../shared/generated/import-report';
import { downloadName } from '../../../shared/rules/download-name';
import { recordSchemaId } from '../../../shared/resource/resource-definition';
import { auditLog } from '../../db/schema';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import { contentDisposition } from '../../services/files/content-disposition';
import { auditRequest } from '../../services/audit/request-audit';
import { checkXlsxPackage } from '../../services/excel/check-xlsx-package';
import { readFirstSheet } from '../../services/excel/read-first-sheet';
import { xlsxResponse, XLSX_TYPE } from '../../services/excel/write-workbook';
import { XLSX_LIMITS } from '../../services/excel/xlsx-limits';
import type { Locale } from '../../../shared/i18n/locale';
import { checkImportSheet } from '../records/check-import-sheet';
import { jurisdictionOf } from '../records/jurisdiction';
import { importRecords } from '../records/record-store';
import { importTemplate } from '../records/import-template';
import { recordCheckContext } from '../write/record-check-context';
import { runRecordChecks, runRecordEffects } from '../write/run-record-rules';
import { resourceBasePath } from '../units/resource-paths';
import { sameAlias } from '../units/resource-alias';
import type { CompiledResource } from '../units/resource-registry';

const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

const FORCE_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { force: { type: 'string', enum: ['true', 'false'], title: '24小时内已导入过的同一文件仍然导入' } },
};

/** The one uploaded file, whole (at most 10 MB), from a multipart body with a part named file. */
async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'multipartRequired');
  let buffer: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || buffer) throw new AppError(400, 'xlsxNotWorkbook');
      buffer = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 413)
      throw new AppError(413, 'fileTooLarge', { msg: serverMessage('fileTooLarge', requestLocale(request)) + '（≤10 MB）' });
    throw new AppError(400, 'xlsxNotWorkbook');
  }
  if (!buffer) throw new AppError(400, 'xlsxNotWorkbook');
  return buffer;
}

/** Whether this resource imported a file with this hash in the last 24 hours (SECURITY R25: idempotent). */
async function importedRecently(app: FastifyInstance, resource: CompiledResource, sha256: string): Promise<boolean> {
  const since = new Date(app.clock().getTime() - REPEAT_WINDOW_MS);
  const rows = await app.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.event, 'RECORDS_IMPORTED'),
        eq(auditLog.result, 'success'),
        eq(auditLog.objectType, resource.name),
        eq(auditLog.objectId, sha256),
        gt(auditLog.at, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The upload read, checked by content and by the record schema: the report, and the records (with their sheet rows) when it is clean. */
async function checkUpload(
  app: FastifyInstance,
  resource: CompiledResource,
  request: FastifyRequest,
): Promise<{ report: ImportReport; records: Record<string, unknown>[]; sheetRows: number[] }> {
  const user = requireUser(request);
  // A frozen account publishes nothing (spec §8), in bulk no more than one by one.
  if (user.frozen) throw new AppError(403, 'accountFrozen');
  const buffer = await uploadedWorkbook(request);
  await checkXlsxPackage(buffer);
  const sha256 = createHash('sha256').update(buffer).digest('hex');
  const sheet = await readFirstSheet(buffer);
  const { report, records } = await checkImportSheet(
    app,
    resource,
    sheet,
    requestLocale(request),
    await jurisdictionOf(app.database.db, resource, user),
  );
  // checkImportSheet gives one record per sheet row, in order.
  return {
    report: { sha256, ...report, repeated: await importedRecently(app, resource, sha256) },
    records,
    sheetRows: sheet.rows.map(([row]) => row),
  };
}

/**
 * A record rule's refusal of one imported row names that row of the sheet, so the importer knows
 * which line to correct; a refusal about the whole file (no current unit) is left as it is.
 */
async function atSheetRow<T>(row: number | undefined, locale: Locale, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || row === undefined || (error.details.errors ?? []).length === 0) throw error;
    const message = error.details.msg ?? serverMessage(error.messageKey, locale);
    const msg = locale === 'en-US' ? `Row ${row}: ${message}` : `第 ${row} 行：${message}`;
    throw new AppError(error.statusCode, error.messageKey, { ...error.details, msg, data: { ...error.details.data, row } });
  }
}

/** The live folder when it imports now (ADR 0050): gone, without `import`, or a module's records (`source`), it does not. */
export function liveImportOf(app: FastifyInstance, resourceName: string): CompiledResource | undefined {
  const resource = app.resources.get(resourceName);
  return resource && resource.resource.import !== undefined && resource.resource.source === undefined ? resource : undefined;
}

/** An import route's access now: <permission>.import of the live folder; 'public' when it does not import, so every caller gets the 404. */
export function liveImportAccess(app: FastifyInstance, resourceName: string): RouteAccess {
  const resource = liveImportOf(app, resourceName);
  return resource ? { permission: `${resource.resource.permission}.import` } : 'public';
}

/**
 * The live importing folder for this request: 404 when it no longer imports, 403 when the caller lost
 * <permission>.import between route access and here (a publication landed in between).
 */
function importingFolder(app: FastifyInstance, request: FastifyRequest, resourceName: string): CompiledResource {
  const resource = liveImportOf(app, resourceName);
  if (!resource) throw new AppError(404, 'notFound');
  if (!hasPermission(requireUser(request).permissions, `${resource.resource.permission}.import`)) throw new AppError(403, 'forbidden');
  return resource;
}

/** The template of the folder's columns as they are now. */
async function answerTemplate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, resourceName: string) {
  const resource = importingFolder(app, request, resourceName);
  const locale = requestLocale(request);
  const name =
    locale === 'en-US'
      ? `${resource.resource.locale?.['en-US']?.title ?? resource.resource.title} import template`
      : `${resource.resource.title}导入模板`;
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(downloadName(name, 'xlsx')))
    .header('cache-control', 'no-store')
    .send(await importTemplate(app, resource, locale));
}

/** The all-or-nothing import into the folder as it is now: its record schema, rules, start state and permission. */
async function answerImport(app: FastifyInstance, request: FastifyRequest, resourceName: string) {
  const resource = importingFolder(app, request, resourceName);
  const user = requireUser(request);
  const locale = requestLocale(request);
  const permission = `${resource.resource.permission}.import`;
  const { report, records, sheetRows } = await checkUpload(app, resource, request);
  if (report.errorCount > 0) throw new AppError(400, 'importInvalid', { data: { ...report } });
  if (report.repeated && (request.query as { force?: string }).force !== 'true')
    throw new AppError(409, 'importRepeated', { data: { ...report } });
  // Every row passes the folder's record rules (record-rules.ts), the same list as a create: all or nothing.
  const context = recordCheckContext({ db: app.database.db, resource, write: 'import', user, locale, now: app.clock() });
  const rows: { data: Record<string, unknown>; orgId: string | null }[] = [];
  for (const [index, data] of records.entries()) {
    const placed = await atSheetRow(sheetRows[index], locale, () => runRecordChecks(context, data));
    rows.push({ data, orgId: placed.orgId ?? null });
  }
  const imported = await importRecords(app.database.db, {
    resource: resource.name,
    ownerId: resource.resource.owner === 'none' ? null : user.id,
    status: resource.resource.import?.state ?? resource.workflow.initial,
    schemaId: recordSchemaId(resource.name),
    schemaVersion: resource.version,
    rows,
    actorId: user.id,
    now: app.clock(),
    sealer: resource.sealer,
    indexer: resource.indexer,
    personal: resource,
    afterRow: (tx, row, index) => atSheetRow(sheetRows[index], locale, () => runRecordEffects({ tx, resource, locale }, row)),
    // The file's hash is the object; the count is the reason code (no row data in the audit log, R32).
    after: (tx) =>
      auditRequest(
        request,
        {
          event: 'RECORDS_IMPORTED',
          result: 'success',
          objectType: resource.name,
          objectId: report.sha256,
          action: permission,
          reason: `rows:${records.length}`,
        },
        tx,
      ),
  });
  return ok({ imported, sha256: report.sha256 }, serverMessage('imported', locale));
}

const CHECK_RATE = { max: 20, timeWindow: 60_000 };
const IMPORT_RATE = { max: 10, timeWindow: 60_000 };
const TEMPLATE_RESPONSE = xlsxResponse('导入模板（第一张表填写数据，第二张表为填写示例）');
const CHECK_DESCRIPTION = "Answers the report: each error by sheet row and column, in the request's language.";
const IMPORT_DESCRIPTION =
  '400 with the report in data when any row has an error (nothing stored); 409 when the same file was imported in the last 24 hours, unless force=true.';

interface ResourceParams {
  resource: string;
}

/**
 * Excel import for every resource folder whose resource.json has `import` (issue 11, SECURITY R25):
 * the template, a check that stores nothing, and the all-or-nothing import, each needing
 * <permission>.import. Its own encapsulated plugin, like the attachments: the multipart parser
 * exists only here. Each start-up route reads its live folder, and three parametric routes serve the
 * folders that gained `import` later, created ones too (ADR 0050); a removed `import` answers 404.
 */
export async function resourceImportRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: XLSX_LIMITS.maxBytes + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 } });
  for (const resource of app.resources.list()) {
    if (resource.resource.import === undefined || resource.resource.source !== undefined) continue;
    const name = resource.name;
    const base = resourceBasePath(name);
    const access = { permission: `${resource.resource.permission}.import` };
    const accessNow = (): RouteAccess => liveImportAccess(app, name);
    const tags = [`资源：${resource.resource.title}`];
    const title = resource.resource.title;

    app.get(
      `${base}/import/template`,
      {
        config: { access, accessNow },
        schema: { summary: `${title}导入模板（.xlsx：标题行与填写示例）`, tags, response: TEMPLATE_RESPONSE },
      },
      async (request, reply) => answerTemplate(app, request, reply, name),
    );

    app.post(
      `${base}/import/check`,
      {
        config: { access, accessNow, rateLimit: CHECK_RATE },
        schema: {
          summary: `校验${title}导入文件（multipart：file；不保存任何数据）`,
          description: CHECK_DESCRIPTION,
          tags,
          consumes: ['multipart/form-data'],
          response: okResponse(importReportSchema),
        },
      },
      async (request) => ok((await checkUpload(app, importingFolder(app, request, name), request)).report),
    );

    const commitSchema = {
      summary: `导入${title}（multipart：file；全部通过校验才导入，全部或全不）`,
      description: IMPORT_DESCRIPTION,
      tags,
      consumes: ['multipart/form-data'],
      querystring: FORCE_QUERY,
      response: okResponse(importResultSchema),
    };
    app.post(`${base}/import`, { config: { access, accessNow, rateLimit: IMPORT_RATE }, schema: commitSchema }, async (request) =>
      answerImport(app, request, name),
    );
    for (const alias of resource.resource.aliases ?? []) {
      if (alias.action !== 'import') continue;
      // A publication may remove the alias and put it back (ADR 0050): removed, every caller gets the 404.
      const isLive = (): boolean => (app.resources.get(name)?.resource.aliases ?? []).some((live) => sameAlias(live, alias));
      app.post(
        alias.path,
        {
          config: { access, accessNow: () => (isLive() ? liveImportAccess(app, name) : 'public'), rateLimit: IMPORT_RATE },
          schema: { ...commitSchema, summary: `${commitSchema.summary}（${alias.path.split('/').pop() ?? ''}）` },
          onRequest: async () => {
            if (!isLive()) throw new AppError(404, 'notFound');
          },
        },
        async (request) => answerImport(app, request, name),
      );
    }
  }

  // find-my-way prefers the static routes above: only a folder that gained `import` after start-up reaches these.
  const named = (request: { params: unknown }): string => (request.params as ResourceParams).resource;
  const liveTags = ['资源：在线发布的导入'];
  app.get(
    '/resources/:resource/import/template',
    {
      config: { access: 'user', accessNow: (request) => liveImportAccess(app, named(request)) },
      schema: { summary: '在线发布后新增的导入模板（.xlsx；需该类型的 <permission>.import）', tags: liveTags, response: TEMPLATE_RESPONSE },
    },
    async (request, reply) => answerTemplate(app, request, reply, named(request)),
  );
  app.post(
    '/resources/:resource/import/check',
    {
      config: { access: 'user', accessNow: (request) => liveImportAccess(app, named(request)), rateLimit: CHECK_RATE },
      schema: {
        summary: '校验在线发布后新增的导入文件（multipart：file；不保存任何数据）',
        description: CHECK_DESCRIPTION,
        tags: liveTags,
        consumes: ['multipart/form-data'],
        response: okResponse(importReportSchema),
      },
    },
    async (request) => ok((await checkUpload(app, importingFolder(app, request, named(request)), request)).report),
  );
  app.post(
    '/resources/:resource/import',
    {
      config: { access: 'user', accessNow: (request) => liveImportAccess(app, named(request)), rateLimit: IMPORT_RATE },
      schema: {
        summary: '在线发布后新增的导入（multipart：file；全部通过校验才导入，全部或全不）',
        description: IMPORT_DESCRIPTION,
        tags: liveTags,
        consumes: ['multipart/form-data'],
        querystring: FORCE_QUERY,
        response: okResponse(importResultSchema),
      },
    },
    async (request) => answerImport(app, request, named(request)),
  );
}
