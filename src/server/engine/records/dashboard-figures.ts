import type { FastifyInstance } from 'fastify';
import { DASHBOARD_DATE_COLUMNS } from '../../../shared/dashboard/check-dashboard-file';
import { periodLabel, trendPeriods } from '../../../shared/dashboard/trend-periods';
import type { Dashboard } from '../../../shared/generated/dashboard';
import type { DashboardFigures } from '../../../shared/generated/dashboard-figures';
import type { DashboardWidget } from '../../../shared/generated/dashboard-file';
import type { DashboardSummary } from '../../../shared/generated/dashboard-summary';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { recordProperty } from '../../../shared/resource/list-fields';
import { resourceListHref } from '../../../shared/resource/resource-links';
import { stateTitle } from '../../../shared/resource/workflow-rules';
import type { AuthUser } from '../../lib/auth-user';
import { findDictItems } from '../../services/dict/dict-store';
import type { CompiledDashboard } from '../units/dashboard-registry';
import type { CompiledResource } from '../units/resource-registry';
import { aggregateRecords, type AggregateAsk, type AggregateRow } from './aggregate-records';
import type { RecordFilter, RecordListQuery } from './list-records';
import { mayReadList } from './list-access';
import { listQueryOf } from './list-page';
import type { ListSources } from './list-source';

/** A widget the caller may read, with the list query that decides what it counts. */
interface ReadableWidget {
  widget: DashboardWidget;
  resource: CompiledResource;
  query: RecordListQuery;
}

const DEFAULT_PERIODS = 12;
const DEFAULT_LIMIT = 10;
/** A breakdown shows every value; more than this many groups would be a table, not a chart. */
const BREAKDOWN_LIMIT = 100;

/**
 * The list query of a widget for this caller, or undefined when they may not read it: the folder or
 * list is gone (a publication since), the list's access refuses them, or its scope leaves them nothing
 * (no administered unit, an empty jurisdiction). The widget's states narrow the list's; its where adds
 * conditions beside the list's own.
 */
async function readable(app: FastifyInstance, widget: DashboardWidget, user: AuthUser): Promise<ReadableWidget | undefined> {
  const resource = app.resources.get(widget.resource);
  const list = resource && Object.hasOwn(resource.lists, widget.list) ? resource.lists[widget.list] : undefined;
  if (!resource || !list || !mayReadList(user, resource.resource.permission, list)) return undefined;
  const query = await listQueryOf(app, resource, list, user, {});
  if (!query) return undefined;
  const where: RecordFilter[] = Object.entries(widget.where ?? {}).flatMap(([field, value]) =>
    value === undefined ? [] : [{ field, match: 'equals' as const, value }],
  );
  return {
    widget,
    resource,
    query: {
      ...query,
      statuses: widget.states ? query.statuses.filter((state) => widget.states?.includes(state)) : query.statuses,
      filters: [...query.filters, ...where],
    },
  };
}

function askOf(widget: DashboardWidget, resource: CompiledResource, now: Date): AggregateAsk {
  const sum = widget.measure?.sum;
  const base = sum ? { sum } : {};
  if (widget.kind === 'counter') return { ...base, group: { kind: 'none' } };
  if (widget.kind === 'trend') {
    const date = widget.date ?? 'createdAt';
    const period = widget.period ?? 'month';
    const format = recordProperty(resource.record, date)?.format;
    const dateKind = DASHBOARD_DATE_COLUMNS.includes(date) ? 'column' : format === 'date' ? 'date' : 'date-time';
    const from = trendPeriods(now, period, widget.periods ?? DEFAULT_PERIODS)[0] ?? '';
    return { ...base, group: { kind: 'period', date, dateKind, period, from } };
  }
  const limit = widget.kind === 'top' ? (widget.limit ?? DEFAULT_LIMIT) : BREAKDOWN_LIMIT;
  return { ...base, group: { kind: 'field', field: widget.by ?? 'status', limit } };
}

/** The labels of a breakdown's possible values in order (a dictionary's items, the list's states), so that a value with none shows 0. */
async function knownValues(
  app: FastifyInstance,
  entry: ReadableWidget,
  locale: Locale,
): Promise<{ key: string; label: string }[] | undefined> {
  const { widget, resource, query } = entry;
  if (widget.by === 'status') return query.statuses.map((state) => ({ key: state, label: stateTitle(resource.workflow, state, locale) }));
  const code = widget.by === undefined ? undefined : recordProperty(resource.record, widget.by)?.['x-dict'];
  if (typeof code !== 'string') return undefined;
  const items = await findDictItems(app.database.db, code);
  return items.map((item) => ({ key: item.dictKey, label: (locale === 'en-US' ? item.dictValueEn : undefined) ?? item.dictValue }));
}

/** Fills in the figures' rows by kind: every period or known value in order (0 where none), a top's groups as counted. */
async function rowsOf(
  app: FastifyInstance,
  entry: ReadableWidget,
  found: AggregateRow[],
  now: Date,
  locale: Locale,
): Promise<DashboardFigures['rows']> {
  const { widget } = entry;
  const byKey = new Map(found.map((row) => [row.key, row]));
  if (widget.kind === 'trend') {
    const period = widget.period ?? 'month';
    return trendPeriods(now, period, widget.periods ?? DEFAULT_PERIODS).map((key) => ({
      key,
      label: periodLabel(key, period),
      value: byKey.get(key)?.value ?? 0,
    }));
  }
  const known = widget.kind === 'breakdown' ? await knownValues(app, entry, locale) : undefined;
  const labels = new Map(
    (known ?? (widget.by === 'status' ? await knownValues(app, entry, locale) : undefined) ?? []).map((item) => [item.key, item.label]),
  );
  const counted = found.map((row) => ({ key: row.key, label: row.label ?? labels.get(row.key) ?? row.key, value: row.value }));
  if (!known) return counted;
  // A stored value the dictionary no longer has still counts: after the known ones.
  const rest = counted.filter((row) => !labels.has(row.key));
  return [...known.map((item) => ({ ...item, value: byKey.get(item.key)?.value ?? 0 })), ...rest];
}

async function figuresOf(
  app: FastifyInstance,
  sources: ListSources,
  entry: ReadableWidget,
  user: AuthUser,
  locale: Locale,
): Promise<DashboardFigures | undefined> {
  const { widget, resource, query } = entry;
  const now = app.clock();
  const ask = askOf(widget, resource, now);
  const sourceName = resource.resource.source;
  let found: AggregateRow[] | undefined;
  if (sourceName === undefined) found = await aggregateRecords(app.database.db, query, ask);
  else {
    const source = sources.get(sourceName);
    const { resource: _name, ...sourceQuery } = query;
    found = source?.aggregate ? await source.aggregate({ ...sourceQuery, locale }, ask, user) : undefined;
  }
  // A source that cannot answer this ask: left out, as a widget the caller may not read.
  if (!found) return undefined;
  const rows = widget.kind === 'counter' ? [] : await rowsOf(app, entry, found, now, locale);
  const value = widget.kind === 'counter' ? (found[0]?.value ?? 0) : rows.reduce((total, row) => total + row.value, 0);
  const { measure } = widget;
  const unit = measure ? ((locale === 'en-US' ? measure.unitEn : undefined) ?? measure.unit) : undefined;
  return {
    id: widget.id,
    kind: widget.kind,
    title: localizedEntryTitle(widget, locale),
    measure: measure ? 'sum' : 'count',
    ...(unit ? { unit } : {}),
    ...(widget.kind === 'trend' ? { period: widget.period ?? 'month' } : {}),
    value,
    rows,
    href: resourceListHref(resource.name, widget.list),
  };
}

/** One widget's figures for this caller, or undefined when they may not read it (or its source cannot answer): what the page and the benchmark time. */
export async function widgetFigures(
  app: FastifyInstance,
  sources: ListSources,
  widget: DashboardWidget,
  user: AuthUser,
  locale: Locale,
): Promise<DashboardFigures | undefined> {
  const entry = await readable(app, widget, user);
  return entry ? figuresOf(app, sources, entry, user, locale) : undefined;
}

async function readableWidgets(app: FastifyInstance, dashboard: CompiledDashboard, user: AuthUser): Promise<ReadableWidget[]> {
  const entries: ReadableWidget[] = [];
  for (const widget of dashboard.file.widgets) {
    const entry = await readable(app, widget, user);
    if (entry) entries.push(entry);
  }
  return entries;
}

function headOf(dashboard: CompiledDashboard, locale: Locale): { title: string; description?: string } {
  const { file } = dashboard;
  const description = (locale === 'en-US' ? file.locale?.['en-US']?.description : undefined) ?? file.description;
  return { title: localizedEntryTitle(file, locale), ...(description ? { description } : {}) };
}

/** GET /api/dashboards: the dashboards with at least one widget the caller may read. */
export async function dashboardsOf(app: FastifyInstance, user: AuthUser, locale: Locale): Promise<DashboardSummary[]> {
  const summaries: DashboardSummary[] = [];
  for (const dashboard of app.dashboards.list()) {
    const widgets = (await readableWidgets(app, dashboard, user)).length;
    if (widgets > 0) summaries.push({ name: dashboard.name, ...headOf(dashboard, locale), widgets });
  }
  return summaries;
}

/**
 * GET /api/dashboards/:name: the figures of every widget the caller may read, or undefined when there
 * is no such dashboard or none of its widgets is theirs (the route answers 404 to both alike).
 */
export async function dashboardOf(
  app: FastifyInstance,
  sources: ListSources,
  name: string,
  user: AuthUser,
  locale: Locale,
): Promise<Dashboard | undefined> {
  const dashboard = app.dashboards.get(name);
  if (!dashboard) return undefined;
  const widgets: DashboardFigures[] = [];
  for (const widget of dashboard.file.widgets) {
    const figures = await widgetFigures(app, sources, widget, user, locale);
    if (figures) widgets.push(figures);
  }
  if (widgets.length === 0) return undefined;
  return { name, ...headOf(dashboard, locale), widgets };
}
