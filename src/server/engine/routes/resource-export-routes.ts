import { beijingDate } from '../../../shared/rules/beijing-date';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RecordView } from '../../../shared/generated/record-view';
import type { ResourceListFile } from '../../../shared/generated/resource-list-file';
import type { Locale } from '../../../shared/i18n/locale';
import { listColumns, listRequestSchema, recordProperty, type ListColumn } from '../../../shared/resource/list-fields';
import { stateTitle } from '../../../shared/resource/workflow-rules';
import { downloadName } from '../../../shared/rules/download-name';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { hasPermission } from '../../../shared/permissions/has-permission';
import { requireUser, type RouteAccess } from '../../plugins/route-access';
import { contentDisposition } from '../../services/files/content-disposition';
import { auditRequest } from '../../services/audit/request-audit';
import { findDictItems } from '../../services/dict/dict-store';
import { writeWorkbook, xlsxResponse, XLSX_TYPE, type OutCell } from '../../services/excel/write-workbook';
import { XLSX_LIMITS } from '../../services/excel/xlsx-limits';
import { listQueryOf, readListPage } from '../records/list-page';
import { resourceBasePath } from '../units/resource-paths';
import { checkListRequest, listSourceOf, liveListOf, noStartUpCheck, type LiveList } from './live-list';
import type { CompiledResource } from '../units/resource-registry';

const EXPORT_PAGE = 500;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A time as Beijing reads it: 2026-11-25 14:03. */
function beijingTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Each dict column's key → label, in the request's language. */
async function dictLabels(app: FastifyInstance, columns: readonly ListColumn[], locale: Locale): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  for (const column of columns) {
    if (column.dict === undefined || labels.has(column.dict)) continue;
    const items = await findDictItems(app.database.db, column.dict);
    labels.set(
      column.dict,
      new Map(items.map((item) => [item.dictKey, locale === 'en-US' ? (item.dictValueEn ?? item.dictValue) : item.dictValue])),
    );
  }
  return labels;
}

/** A record's cell as the list shows it: labels for choices and states, Beijing time, file names. */
function cellOf(
  resource: CompiledResource,
  column: ListColumn,
  record: RecordView,
  labels: Map<string, Map<string, string>>,
  locale: Locale,
): OutCell {
  if (column.field === 'status') return stateTitle(resource.workflow, record.status, locale);
  if (column.field === 'createdAt' || column.field === 'updatedAt') return beijingTime(record[column.field]);
  if (column.field === 'ownerName') return record.ownerName ?? '';
  const value = record.data[column.field];
  if (value === undefined || value === null) return undefined;
  if (column.kind === 'dict' && column.dict !== undefined && typeof value === 'string') return labels.get(column.dict)?.get(value) ?? value;
  if (column.kind === 'enum') {
    const node = recordProperty(resource.record, column.field);
    const index = (node?.enum ?? []).indexOf(value);
    return index >= 0 ? (node?.['x-enum-labels']?.[index] ?? String(value)) : String(value);
  }
  if (column.kind === 'boolean') return value === true ? (locale === 'en-US' ? 'Yes' : '是') : locale === 'en-US' ? 'No' : '否';
  if (column.kind === 'dateTime' && typeof value === 'string') return beijingTime(value);
  if (column.kind === 'files' && Array.isArray(value))
    return value.map((file) => String((file as { name?: unknown }).name ?? '')).join('、');
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

interface ListParams {
  resource: string;
  list: string;
}

/** The live list when it exports now (ADR 0049): gone, or without `export: true`, it does not. */
export function liveExportOf(app: FastifyInstance, resourceName: string, listName: string): LiveList | undefined {
  const live = liveListOf(app, resourceName, listName);
  return live && live.list.export === true ? live : undefined;
}

/** An export route's access now: <permission>.export of the live folder; 'public' when the list does not export, so every caller gets the 404. */
export function liveExportAccess(app: FastifyInstance, resourceName: string, listName: string): RouteAccess {
  const live = liveExportOf(app, resourceName, listName);
  return live ? { permission: `${live.resource.resource.permission}.export` } : 'public';
}

/** A bodyless POST exports the whole list. */
async function emptyBodyIsAll(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * One export as the live list is now, for a start-up export route and the parametric one: 404 when the
 * list no longer exports, 403 when the caller lost the export right between route access and here (a
 * publication landed in between), 400 for a request the live list refuses; then every matching
 * record as an .xlsx of the list's columns, with an audit row.
 */
async function answerExport(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, resourceName: string, listName: string) {
  // A publication may change the list's columns, filters and scope, or remove it or its export (ADRs 0042, 0049): the export follows.
  const live = liveExportOf(app, resourceName, listName);
  if (!live) throw new AppError(404, 'notFound');
  const user = requireUser(request);
  const locale = requestLocale(request);
  const { list, resource } = live;
  const permission = `${resource.resource.permission}.export`;
  if (!hasPermission(user.permissions, permission)) throw new AppError(403, 'forbidden');
  const source = listSourceOf(app, resource);
  const body = { ...checkListRequest(request, live, request.body), pageNo: 1, pageSize: EXPORT_PAGE };
  const columns = listColumns(list, resource.record, locale);
  const labels = await dictLabels(app, columns, locale);
  const rows: OutCell[][] = [];
  const query = await listQueryOf(app, resource, list, user, body);
  for (let pageNo = 1; query; pageNo += 1) {
    const page = await readListPage(app, resource, source, { ...query, pageNo, pageSize: EXPORT_PAGE }, user, locale);
    if (page.total > XLSX_LIMITS.maxRows) throw new AppError(400, 'xlsxTooManyRows');
    rows.push(...page.records.map((record) => columns.map((column) => cellOf(resource, column, record, labels, locale))));
    if (page.records.length < EXPORT_PAGE || rows.length >= page.total) break;
  }
  const title = locale === 'en-US' ? (list.locale?.['en-US']?.title ?? list.title) : list.title;
  const buffer = await writeWorkbook([
    {
      name: title.slice(0, 31),
      columns: columns.map((column) => ({ title: column.title, ...(column.width ? { width: Math.round(column.width / 8) } : {}) })),
      rows,
    },
  ]);
  // Who exported which list and how many rows; never the rows themselves (SECURITY R24, R31, R32).
  await auditRequest(request, {
    event: 'RECORDS_EXPORTED',
    result: 'success',
    objectType: resource.name,
    objectId: listName,
    action: permission,
    reason: `rows:${rows.length}`,
  });
  const now = beijingDate(app.clock());
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(downloadName(`${title}_${now}`, 'xlsx')))
    .header('cache-control', 'no-store')
    .send(buffer);
}

const EXPORT_RATE = { max: 10, timeWindow: 60_000 };

/**
 * Export of every list file with `export: true` (issue 11, SECURITY R24): the list's request (its
 * filters) answered with every matching record, up to 50,000, as an .xlsx of the list's columns,
 * for <permission>.export, with an audit row. Cells are what the list shows, personal numbers
 * masked as there; text that could start a formula is escaped. Each start-up export reads its live
 * list, and one parametric route serves the lists a publication gave an export later (ADR 0049).
 */
export async function resourceExportRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of app.resources.list()) {
    for (const [listName, started] of Object.entries(resource.lists) as [string, ResourceListFile][]) {
      if (started.export !== true) continue;
      app.post(
        `${resourceBasePath(resource.name)}/lists/${listName}/export`,
        {
          config: {
            access: { permission: `${resource.resource.permission}.export` },
            accessNow: () => liveExportAccess(app, resource.name, listName),
            rateLimit: EXPORT_RATE,
          },
          schema: {
            summary: `导出${started.title}（.xlsx，按当前筛选条件，最多 50000 行）`,
            tags: [`资源：${resource.resource.title}`],
            body: listRequestSchema(started, resource.record, resource.workflow),
            response: xlsxResponse('列表的 .xlsx（列与列表相同）'),
          },
          // Checked against the live list's request in the handler (ADR 0042).
          validatorCompiler: noStartUpCheck,
          preValidation: emptyBodyIsAll,
        },
        async (request, reply) => answerExport(app, request, reply, resource.name, listName),
      );
    }
  }
  const params = (request: { params: unknown }): ListParams => request.params as ListParams;
  // find-my-way prefers the static routes above: only a list that gained its export after start-up reaches this one.
  app.post(
    '/resources/:resource/lists/:list/export',
    {
      config: {
        access: 'user',
        accessNow: (request) => liveExportAccess(app, params(request).resource, params(request).list),
        rateLimit: EXPORT_RATE,
      },
      schema: {
        summary: '在线发布后新增的列表导出（.xlsx；需该类型的 <permission>.export）',
        tags: ['资源：在线发布的列表'],
        body: { type: 'object' },
        response: xlsxResponse('列表的 .xlsx（列与列表相同）'),
      },
      preValidation: emptyBodyIsAll,
    },
    async (request, reply) => answerExport(app, request, reply, params(request).resource, params(request).list),
  );
}
