import type { FastifyInstance } from 'fastify';
import type { MatchedRule } from '../../../shared/generated/matched-rule';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedTitle } from '../../../shared/i18n/localized-title';
import { describeCondition } from '../../../shared/matching/match-rule';
import { beijingDate } from '../../../shared/rules/beijing-date';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { findDictItems } from '../../services/dict/dict-store';
import type { CompiledResource } from '../units/resource-registry';
import type { PublicRule } from './public-rules';

export interface ConditionNames {
  question: (key: string) => string;
  operator: (key: string) => string;
  valueLabel: (question: string, value: string) => string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The words of a folder's conditions in the locale: a question by its title in the questionnaire, an
 * operator by its dictionary (the conditions' operator x-dict), a dictionary question's value by that
 * question's dictionary (dh → 东湖区).
 */
export async function conditionNames(
  app: FastifyInstance,
  resource: CompiledResource,
  form: JsonSchema,
  locale: Locale,
): Promise<ConditionNames> {
  const named = async (code: string) =>
    new Map(
      (await findDictItems(app.database.db, code)).map((item) => [
        item.dictKey,
        (locale === 'en-US' ? item.dictValueEn : undefined) ?? item.dictValue,
      ]),
    );
  const conditions = resource.record.properties?.[resource.resource.matching?.conditions ?? ''];
  const item = conditions?.items !== undefined && !Array.isArray(conditions.items) ? (conditions.items as JsonSchema) : undefined;
  const operatorDict = item?.properties?.['operator']?.['x-dict'];
  const operators = typeof operatorDict === 'string' ? await named(operatorDict) : new Map<string, string>();
  const questions = form.properties ?? {};
  const valueDicts = new Map<string, Map<string, string>>();
  for (const [question, node] of Object.entries(questions)) {
    if (typeof node['x-dict'] === 'string') valueDicts.set(question, await named(node['x-dict']));
  }
  return {
    question: (key) => localizedTitle(questions[key], locale) ?? key,
    operator: (key) => operators.get(key) ?? key,
    valueLabel: (question, value) => valueDicts.get(question)?.get(value) ?? value,
  };
}

/**
 * Rules as the pages show them: the target's title and page (its folder's search title and href),
 * the fields matching names with their labels, the deadline and whether it has passed (Beijing
 * date), and the conditions in words.
 */
export function describeRules(
  app: FastifyInstance,
  resource: CompiledResource,
  rules: readonly PublicRule[],
  names: ConditionNames,
  locale: Locale,
): MatchedRule[] {
  const matching = resource.resource.matching;
  const target = resource.resource.target;
  const targetResource = target ? app.resources.get(target.resource) : undefined;
  const titleField = targetResource?.resource.search?.title ?? target?.match[0]?.targetField ?? '';
  const href = targetResource?.resource.search?.href;
  const today = beijingDate(app.clock());
  return rules.map((rule) => {
    const deadline = matching?.deadline === undefined ? '' : text(rule.data[matching.deadline]);
    return {
      id: rule.id,
      targetId: rule.target.id,
      title: text(rule.target.data[titleField]),
      ...(href === undefined ? {} : { href: href.replaceAll('{id}', rule.target.id) }),
      ...(deadline ? { deadline } : {}),
      open: deadline === '' || deadline >= today,
      fields: (matching?.fields ?? []).map((name) => ({
        name,
        label: localizedTitle(resource.record.properties?.[name], locale) ?? name,
        text: text(rule.data[name]),
      })),
      conditions: rule.conditions.map((condition) => describeCondition(condition, names)),
    };
  });
}
