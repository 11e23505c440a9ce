import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import matchResultSchema from '../../../../schemas/api/match-result.schema.json';
import matchedRuleSchema from '../../../../schemas/api/matched-rule.schema.json';
import recordIdQuerySchema from '../../../../schemas/api/record-id-query.schema.json';
import type { MatchResult } from '../../../shared/generated/match-result';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedTitle } from '../../../shared/i18n/localized-title';
import { ruleHolds } from '../../../shared/matching/match-rule';
import { downloadName } from '../../../shared/rules/download-name';
import { isRetiredForm } from '../../../shared/schema/is-retired-form';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { contentDisposition } from '../../services/files/content-disposition';
import { writeWorkbook, xlsxResponse, XLSX_TYPE } from '../../services/excel/write-workbook';
import { resourceBasePath } from '../units/resource-paths';
import type { CompiledResource } from '../units/compiled-resource';
import { startUpAliasHooks } from './repointed-alias';
import { conditionNames, describeRules, type ConditionNames } from './describe-rules';
import { publicRules } from './public-rules';

type MatchingAction = 'rules' | 'rule' | 'match' | 'matchExport';

const EXPORT_TEXTS: Record<
  Locale,
  {
    sheet: string;
    state: string;
    open: string;
    closed: string;
    conditions: string;
    link: string;
    answers: string;
    answer: string;
    none: string;
    yes: string;
    no: string;
  }
> = {
  'zh-CN': {
    sheet: '匹配结果',
    state: '状态',
    open: '可申报',
    closed: '已截止',
    conditions: '满足的条件',
    link: '链接',
    answers: '问卷答案',
    answer: '答案',
    none: '没有满足全部条件的结果',
    yes: '是',
    no: '否',
  },
  'en-US': {
    sheet: 'Matches',
    state: 'State',
    open: 'Open',
    closed: 'Closed',
    conditions: 'Conditions met',
    link: 'Link',
    answers: 'Answers',
    answer: 'Answer',
    none: 'Nothing meets every answer',
    yes: 'Yes',
    no: 'No',
  },
};

type Matching = NonNullable<CompiledResource['resource']['matching']>;

/** A folder's matching as it is live now, or undefined (no such folder, or no `matching` now). */
function liveMatchingOf(app: FastifyInstance, name: string): { resource: CompiledResource; matching: Matching } | undefined {
  const resource = app.resources.get(name);
  const matching = resource?.resource.matching;
  return resource && matching ? { resource, matching } : undefined;
}

function requireMatching(app: FastifyInstance, name: string): { resource: CompiledResource; matching: Matching } {
  const live = liveMatchingOf(app, name);
  if (!live) throw new AppError(404, 'notFound');
  return live;
}

/** The live questionnaire's schema: the studio may publish a new version of the form, or the folder another form. */
function formOf(app: FastifyInstance, matching: Matching) {
  return app.schemaRegistry.require(matching.form).schema;
}

async function evaluate(
  app: FastifyInstance,
  resource: CompiledResource,
  answers: Record<string, unknown>,
  names: ConditionNames,
  locale: Locale,
): Promise<MatchResult> {
  const rules = await publicRules(app.database.db, resource);
  const matched = describeRules(
    app,
    resource,
    rules.filter((rule) => ruleHolds(rule.conditions, answers)),
    names,
    locale,
  );
  // Still open first, then the nearest deadline.
  matched.sort((a, b) => Number(b.open) - Number(a.open) || (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999'));
  return { checked: rules.length, matched };
}

/** The handlers, one each, shared by a folder's start-up routes, its aliases and the parametric routes: each reads the live folder. */
const HANDLERS: Record<
  MatchingAction,
  (app: FastifyInstance, name: string, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
> = {
  rules: async (app, name, request) => {
    const { resource, matching } = requireMatching(app, name);
    const locale = requestLocale(request);
    return ok(
      describeRules(
        app,
        resource,
        await publicRules(app.database.db, resource),
        await conditionNames(app, resource, formOf(app, matching), locale),
        locale,
      ),
    );
  },
  rule: async (app, name, request) => {
    const { resource, matching } = requireMatching(app, name);
    const locale = requestLocale(request);
    const [rule] = await publicRules(app.database.db, resource, (request.query as { id: string }).id);
    if (!rule) throw new AppError(404, 'notFound');
    const [one] = describeRules(app, resource, [rule], await conditionNames(app, resource, formOf(app, matching), locale), locale);
    return ok(one);
  },
  match: async (app, name, request) => {
    const { resource, matching } = requireMatching(app, name);
    const locale = requestLocale(request);
    return ok(
      await evaluate(app, resource, request.checkedData ?? {}, await conditionNames(app, resource, formOf(app, matching), locale), locale),
    );
  },
  matchExport: async (app, name, request, reply) => {
    const { resource, matching } = requireMatching(app, name);
    const locale = requestLocale(request);
    const answers = request.checkedData ?? {};
    // The words of the conditions, read once for the result and the answers' sheet.
    const names = await conditionNames(app, resource, formOf(app, matching), locale);
    const result = await evaluate(app, resource, answers, names, locale);
    const texts = EXPORT_TEXTS[locale];
    const label = (field: string | undefined): string =>
      field === undefined ? '' : (localizedTitle(resource.record.properties?.[field], locale) ?? field);
    const titleLabel = label(resource.resource.target?.match[0]?.field);
    const fieldLabels = (matching.fields ?? []).map(label);
    const deadlineColumn = matching.deadline === undefined ? [] : [label(matching.deadline)];
    const header = [titleLabel, ...fieldLabels, ...deadlineColumn, texts.state, texts.conditions, texts.link];
    const rows = result.matched.map((rule) => [
      rule.title,
      ...rule.fields.map((field) => field.text),
      ...(matching.deadline === undefined ? [] : [rule.deadline ?? '']),
      rule.open ? texts.open : texts.closed,
      rule.conditions.join('；'),
      rule.href ?? '',
    ]);
    const answerRows = Object.entries(answers).map(([question, value]) => [
      names.question(question),
      typeof value === 'boolean' ? (value ? texts.yes : texts.no) : names.valueLabel(question, String(value)),
    ]);
    const buffer = await writeWorkbook([
      {
        name: texts.sheet,
        columns: header.map((title, index) => ({ title, width: index === 0 ? 40 : 30 })),
        rows: rows.length > 0 ? rows : [[texts.none]],
      },
      {
        name: texts.answers,
        columns: [
          { title: texts.answers, width: 36 },
          { title: texts.answer, width: 24 },
        ],
        rows: answerRows,
      },
    ]);
    const file = (locale === 'en-US' ? matching.locale?.['en-US']?.file : undefined) ?? matching.file ?? resource.resource.title;
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(downloadName(file, 'xlsx')))
      .header('cache-control', 'no-store')
      .send(buffer);
  },
};

interface MatchingRoute {
  method: 'GET' | 'POST';
  /** The path under the folder's base. */
  tail: string;
  summary: (title: string) => string;
  options: Partial<RouteOptions>;
}

/** Every matching call is public (the rules are records visitors may read, the answers are stored nowhere): no accessNow needed. */
const ROUTES: Record<MatchingAction, MatchingRoute> = {
  rules: {
    method: 'GET',
    tail: '/rules',
    summary: (title) => `${title}：全部公开的规则`,
    options: { schema: { response: okResponse({ type: 'array', items: matchedRuleSchema }) } },
  },
  rule: {
    method: 'GET',
    tail: '/rules/by-target',
    summary: (title) => `${title}：针对一条记录的规则（id 为目标记录编号）`,
    options: { schema: { querystring: recordIdQuerySchema, response: okResponse(matchedRuleSchema) } },
  },
  match: {
    method: 'POST',
    tail: '/match',
    summary: (title) => `${title}：按问卷答案列出满足全部条件的规则`,
    options: { config: { rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { response: okResponse(matchResultSchema) } },
  },
  matchExport: {
    method: 'POST',
    tail: '/match/export',
    summary: (title) => `${title}：导出匹配结果（.xlsx，文件名以“文件”结尾）`,
    options: { config: { rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { response: xlsxResponse('匹配结果的 .xlsx') } },
  },
};

/** The questionnaire the write pipeline checks a match's answers against: the live folder's, none (404) when it has no matching now. */
const formNowOf = (app: FastifyInstance, name: (request: FastifyRequest) => string) => (request: FastifyRequest) =>
  liveMatchingOf(app, name(request))?.matching.form;

function routeOf(
  app: FastifyInstance,
  action: MatchingAction,
  url: string,
  name: (request: FastifyRequest) => string,
  summary: string,
  tags: string[],
): RouteOptions {
  const route = ROUTES[action];
  return {
    ...route.options,
    method: route.method,
    url,
    config: {
      ...route.options.config,
      access: 'public',
      ...(route.method === 'POST' ? { formNow: formNowOf(app, name) } : {}),
    },
    schema: { ...route.options.schema, summary, tags },
    handler: async (request, reply) => HANDLERS[action](app, name(request), request, reply),
  };
}

/**
 * The engine's rule matching (resource.json matching, ADR 0019) for every folder that declares it:
 * its public rules, one rule by its target's id, the questionnaire's answers (checked by the form
 * through the write pipeline) evaluated against every rule, and the same as an .xlsx whose name ends
 * with 文件 (spec §5). The spec's own paths are the folder's aliases (policy-rule: policyResolve,
 * policyResolveList, selfEvaluationQuery, exportTestResult). Everything here is public: the rules are
 * records visitors may read, and the answers are stored nowhere.
 *
 * Every route reads the live folder's `matching` at the request (ADR 0051): removed, it answers 404;
 * a folder that gains it after start-up (or a record type created in the studio) is served by the
 * parametric routes under /resources/:resource/, which find-my-way tries after a start-up folder's own.
 * The live forms are asked of every candidate: its questionnaire must be one of them.
 */
export async function matchingRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of app.resources.list()) {
    if (!resource.resource.matching) continue;
    const name = () => resource.name;
    const tags = [`资源：${resource.resource.title}`];
    const base = resourceBasePath(resource.name);
    for (const action of Object.keys(ROUTES) as MatchingAction[])
      app.route(routeOf(app, action, `${base}${ROUTES[action].tail}`, name, ROUTES[action].summary(resource.resource.title), tags));
    for (const alias of resource.resource.aliases ?? []) {
      if (!Object.hasOwn(ROUTES, alias.action)) continue;
      const action = alias.action as MatchingAction;
      const route = routeOf(
        app,
        action,
        alias.path,
        name,
        `${ROUTES[action].summary(resource.resource.title)}（${alias.path.split('/').pop() ?? ''}）`,
        tags,
      );
      // A publication may remove the alias (ADR 0049): every caller gets a 404, put back it serves again; or point it at another action (ADR 0051).
      const hooks = startUpAliasHooks(app, resource.name, alias);
      app.route({
        ...route,
        method: alias.method,
        config: { ...route.config, accessNow: hooks.accessNow(() => 'public') },
        onRequest: hooks.goneIs404,
        preValidation: hooks.forwardIfMoved,
      });
    }
  }

  const fromPath = (request: FastifyRequest): string => (request.params as { resource: string }).resource;
  for (const action of Object.keys(ROUTES) as MatchingAction[])
    app.route(
      routeOf(app, action, `/resources/:resource${ROUTES[action].tail}`, fromPath, ROUTES[action].summary('在线发布后带 matching 的资源'), [
        '资源：在线发布的政策匹配',
      ]),
    );

  // A folder's questionnaire is a live form (the start checks the form files: resource-registry.ts formFileNames),
  // and not a retired one unless the live folder already names it (ADR 0055: hidden from new use; its match then answers 403).
  app.resources.guardCandidates((candidate) => {
    const form = candidate.resource.matching?.form;
    if (form === undefined) return [];
    const entry = app.schemaRegistry.get(form);
    const at = { file: `resources/${candidate.name}/resource.json`, pointer: '/matching/form' };
    if (!entry) return [{ ...at, message: `找不到问卷表单 "${form}"（应有 forms/${form}.schema.json）` }];
    if (isRetiredForm(entry.schema) && app.resources.get(candidate.name)?.resource.matching?.form !== form)
      return [
        { ...at, message: `问卷表单 "${form}" 已停用，不能用作新的问卷（要恢复，发布不带 "x-retired" 的 forms/${form}.schema.json）` },
      ];
    return [];
  });
}
