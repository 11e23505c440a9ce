import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import matchResultSchema from '../../../../schemas/api/match-result.schema.json';
import matchedRuleSchema from '../../../../schemas/api/matched-rule.schema.json';
import recordIdQuerySchema from '../../../../schemas/api/record-id-query.schema.json';
import type { MatchResult } from '../../../shared/generated/match-result';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedTitle } from '../../../shared/i18n/localized-title';
import { ruleHolds } from '../../../shared/matching/match-rule';
import { downloadName } from '../../../shared/rules/download-name';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { contentDisposition } from '../../services/files/content-disposition';
import { writeWorkbook, xlsxResponse, XLSX_TYPE } from '../../services/excel/write-workbook';
import { resourceBasePath } from '../units/resource-paths';
import { sameAlias } from '../units/resource-alias';
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

/**
 * The engine's rule matching (resource.json matching, ADR 0019) for every folder that declares it:
 * its public rules, one rule by its target's id, the questionnaire's answers (checked by the form
 * through the write pipeline) evaluated against every rule, and the same as an .xlsx whose name ends
 * with 文件 (spec §5). The spec's own paths are the folder's aliases (policy-rule: policyResolve,
 * policyResolveList, selfEvaluationQuery, exportTestResult). Everything here is public: the rules are
 * records visitors may read, and the answers are stored nowhere.
 */
export async function matchingRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of app.resources.list()) {
    const matching = resource.resource.matching;
    if (!matching) continue;
    // The registry has checked at start-up that the folder's questionnaire exists; it is read per
    // request, since the studio may publish a new version of it while the portal runs.
    const form = () => app.schemaRegistry.require(matching.form).schema;
    const tags = [`资源：${resource.resource.title}`];
    const base = resourceBasePath(resource.name);

    const evaluate = async (answers: Record<string, unknown>, names: ConditionNames, locale: Locale): Promise<MatchResult> => {
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
    };

    const routes: Record<
      MatchingAction,
      {
        method: 'GET' | 'POST';
        path: string;
        options: Partial<RouteOptions>;
        handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
      }
    > = {
      rules: {
        method: 'GET',
        path: `${base}/rules`,
        options: {
          config: { access: 'public' },
          schema: {
            summary: `${resource.resource.title}：全部公开的规则`,
            tags,
            response: okResponse({ type: 'array', items: matchedRuleSchema }),
          },
        },
        handler: async (request) => {
          const locale = requestLocale(request);
          return ok(
            describeRules(
              app,
              resource,
              await publicRules(app.database.db, resource),
              await conditionNames(app, resource, form(), locale),
              locale,
            ),
          );
        },
      },
      rule: {
        method: 'GET',
        path: `${base}/rules/by-target`,
        options: {
          config: { access: 'public' },
          schema: {
            summary: `${resource.resource.title}：针对一条记录的规则（id 为目标记录编号）`,
            tags,
            querystring: recordIdQuerySchema,
            response: okResponse(matchedRuleSchema),
          },
        },
        handler: async (request) => {
          const locale = requestLocale(request);
          const [rule] = await publicRules(app.database.db, resource, (request.query as { id: string }).id);
          if (!rule) throw new AppError(404, 'notFound');
          const [one] = describeRules(app, resource, [rule], await conditionNames(app, resource, form(), locale), locale);
          return ok(one);
        },
      },
      match: {
        method: 'POST',
        path: `${base}/match`,
        options: {
          config: { access: 'public', form: matching.form, rateLimit: { max: 60, timeWindow: 60_000 } },
          schema: {
            summary: `${resource.resource.title}：按问卷答案列出满足全部条件的规则`,
            tags,
            response: okResponse(matchResultSchema),
          },
        },
        handler: async (request) => {
          const locale = requestLocale(request);
          return ok(await evaluate(request.checkedData ?? {}, await conditionNames(app, resource, form(), locale), locale));
        },
      },
      matchExport: {
        method: 'POST',
        path: `${base}/match/export`,
        options: {
          config: { access: 'public', form: matching.form, rateLimit: { max: 20, timeWindow: 60_000 } },
          schema: {
            summary: `${resource.resource.title}：导出匹配结果（.xlsx，文件名以“文件”结尾）`,
            tags,
            response: xlsxResponse('匹配结果的 .xlsx'),
          },
        },
        handler: async (request, reply) => {
          const locale = requestLocale(request);
          const answers = request.checkedData ?? {};
          // The words of the conditions, read once for the result and the answers' sheet.
          const names = await conditionNames(app, resource, form(), locale);
          const result = await evaluate(answers, names, locale);
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
      },
    };

    for (const route of Object.values(routes))
      app.route({ ...route.options, method: route.method, url: route.path, handler: route.handler });
    for (const alias of resource.resource.aliases ?? []) {
      if (!Object.hasOwn(routes, alias.action)) continue;
      const route = routes[alias.action as MatchingAction];
      const schema = route.options.schema as { summary: string };
      // A publication may remove the alias (ADR 0049): then every caller gets a 404; put back, it serves again.
      const goneIs404 = async (): Promise<void> => {
        if (!(app.resources.get(resource.name)?.resource.aliases ?? []).some((live) => sameAlias(live, alias)))
          throw new AppError(404, 'notFound');
      };
      app.route({
        ...route.options,
        onRequest: goneIs404,
        schema: { ...schema, summary: `${schema.summary}（${alias.path.split('/').pop() ?? ''}）` },
        method: alias.method,
        url: alias.path,
        handler: route.handler,
      });
    }
  }
}
