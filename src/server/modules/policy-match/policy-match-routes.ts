import type { FastifyInstance } from 'fastify';
import policyResolveSchema from '../../../../schemas/api/policy-resolve.schema.json';
import recordIdQuerySchema from '../../../../schemas/api/record-id-query.schema.json';
import selfEvaluationSchema from '../../../../schemas/api/self-evaluation.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { PolicyResolve } from '../../../shared/generated/policy-resolve';
import type { SelfEvaluation } from '../../../shared/generated/self-evaluation';
import type { Locale } from '../../../shared/i18n/locale';
import { describeCondition, ruleHolds } from '../../../shared/policy-match/match-rule';
import { beijingDate } from '../../../shared/rules/beijing-date';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { contentDisposition } from '../attachment/content-disposition';
import { findDictItems } from '../dict/dict-store';
import { writeWorkbook, xlsxResponse, XLSX_TYPE } from '../excel/write-workbook';
import { publishedRules, type PolicyRule } from './published-rules';

const SELF_TEST_FORM = 'self-test';
const QUESTIONS_DICT = 'self_test_question';
const OPERATORS_DICT = 'rule_operator';

const EXPORT_TEXTS: Record<Locale, { file: string; sheet: string; columns: string[]; open: string; closed: string; answers: string; none: string }> = {
  'zh-CN': { file: '政策匹配自测结果文件.xlsx', sheet: '符合条件的政策', columns: ['政策标题', '申报对象', '支持内容', '申报截止日期', '状态', '满足的条件', '政策原文'], open: '可申报', closed: '已截止', answers: '自测答案', none: '没有完全符合条件的政策' },
  'en-US': { file: 'Policy self-test result file.xlsx', sheet: 'Policies that fit', columns: ['Policy', 'Who qualifies', 'Support', 'Deadline', 'State', 'Conditions met', 'Policy text'], open: 'Open', closed: 'Closed', answers: 'Answers', none: 'No policy fits every answer' },
};

/**
 * The policy proxy (issue 13): article/policyResolve (a policy at a glance), pub/selfEvaluationQuery
 * (the self-test: the answers, checked by the self-test form through the write pipeline, against the
 * published rules of resource policy-rule) and pub/exportTestResult (the same as an .xlsx whose name
 * ends with 文件, spec §5). The rules and the questionnaire are data; this is only their evaluation.
 */
export async function policyMatchRoutes(app: FastifyInstance): Promise<void> {
  const form = app.schemaRegistry.require(SELF_TEST_FORM);

  /** The dictionaries' names for questions, operators and the values of dictionary questions. */
  async function conditionNames(locale: Locale) {
    const named = async (code: string) => new Map((await findDictItems(app.database.db, code)).map((item) => [item.dictKey, (locale === 'en-US' ? item.dictValueEn : undefined) ?? item.dictValue]));
    const questions = await named(QUESTIONS_DICT);
    const operators = await named(OPERATORS_DICT);
    const valueDicts = new Map<string, Map<string, string>>();
    for (const [question, node] of Object.entries(form.schema.properties ?? {})) {
      const dict = (node as { 'x-dict'?: unknown })['x-dict'];
      if (typeof dict === 'string') valueDicts.set(question, await named(dict));
    }
    return {
      question: (key: string) => questions.get(key) ?? key,
      operator: (key: string) => operators.get(key) ?? key,
      valueLabel: (question: string, value: string) => valueDicts.get(question)?.get(value) ?? value,
    };
  }

  async function resolved(rules: PolicyRule[], locale: Locale): Promise<PolicyResolve[]> {
    const names = await conditionNames(locale);
    const today = beijingDate(app.clock());
    return rules.map((rule) => ({
      policyId: rule.policyId,
      title: rule.policyTitle,
      href: `/home/articles/detail?id=${rule.policyId}`,
      qualifies: rule.qualifies,
      support: rule.support,
      ...(rule.deadline ? { deadline: rule.deadline } : {}),
      open: rule.deadline === undefined || rule.deadline >= today,
      conditions: rule.conditions.map((condition) => describeCondition(condition, names)),
    }));
  }

  async function evaluate(answers: Record<string, unknown>, locale: Locale): Promise<SelfEvaluation> {
    const rules = await publishedRules(app.database.db);
    const matched = await resolved(
      rules.filter((rule) => ruleHolds(rule.conditions, answers)),
      locale,
    );
    // Still open first, then the nearest deadline.
    matched.sort((a, b) => Number(b.open) - Number(a.open) || (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999'));
    return { checked: rules.length, matched };
  }

  app.get<{ Querystring: { id: string } }>(
    ENDPOINTS.policyResolve,
    { config: { access: 'public' }, schema: { summary: '政策解读要点（申报对象、支持内容、截止日期）', tags: ['政策找寻'], querystring: recordIdQuerySchema, response: okResponse(policyResolveSchema) } },
    async (request) => {
      const [rule] = await publishedRules(app.database.db, request.query.id);
      if (!rule) throw new AppError(404, 'notFound');
      const [one] = await resolved([rule], requestLocale(request));
      return ok(one);
    },
  );

  app.get(
    ENDPOINTS.policyResolves,
    { config: { access: 'public' }, schema: { summary: '全部政策解读要点（政策找寻的政策列表）', tags: ['政策找寻'], response: okResponse({ type: 'array', items: policyResolveSchema }) } },
    async (request) => ok(await resolved(await publishedRules(app.database.db), requestLocale(request))),
  );

  app.post(
    ENDPOINTS.selfEvaluation,
    {
      config: { access: 'public', form: SELF_TEST_FORM, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { summary: '企业政策自测：列出答案满足全部条件的政策', tags: ['政策找寻'], response: okResponse(selfEvaluationSchema) },
    },
    async (request) => ok(await evaluate(request.checkedData ?? {}, requestLocale(request))),
  );

  app.post(
    ENDPOINTS.selfEvaluationExport,
    {
      config: { access: 'public', form: SELF_TEST_FORM, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { summary: '导出政策自测结果（.xlsx，文件名以“文件”结尾）', tags: ['政策找寻'], response: xlsxResponse('自测结果的 .xlsx') },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const answers = request.checkedData ?? {};
      const result = await evaluate(answers, locale);
      const texts = EXPORT_TEXTS[locale];
      const names = await conditionNames(locale);
      const answerRows = Object.entries(answers).map(([question, value]) => [names.question(question), typeof value === 'boolean' ? names.operator(value ? 'isTrue' : 'isFalse') : names.valueLabel(question, String(value))]);
      const buffer = await writeWorkbook([
        {
          name: texts.sheet,
          columns: texts.columns.map((title, index) => ({ title, width: [40, 50, 50, 14, 10, 50, 60][index] ?? 20 })),
          rows: result.matched.length > 0 ? result.matched.map((policy) => [policy.title, policy.qualifies, policy.support, policy.deadline ?? '', policy.open ? texts.open : texts.closed, policy.conditions.join('；'), policy.href]) : [[texts.none]],
        },
        { name: texts.answers, columns: [{ title: texts.answers, width: 36 }, { title: '', width: 24 }], rows: answerRows },
      ]);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(texts.file)).header('cache-control', 'no-store').send(buffer);
    },
  );
}
