import { COMPARE_KEYWORD, compareKind } from '../schema/compare-rule';
import type { JsonSchema } from '../schema/json-schema';
import { resolveLocalizedText } from './localized-title';
import type { Locale } from './locale';

type Params = Record<string, unknown>;
type Template = (params: Params) => string;

const CHOICE_COMPONENTS = new Set(['Select', 'Radio.Group', 'Checkbox.Group', 'DatePicker', 'Switch', 'Checkbox']);

/** A field the user picks rather than types: the spec asks '请选择' for these and '请输入' for the rest. */
export function isChoiceField(node: JsonSchema | undefined): boolean {
  if (!node) return false;
  if (node['x-dict'] || Array.isArray(node.enum)) return true;
  if (node['x-component'] && CHOICE_COMPONENTS.has(node['x-component'])) return true;
  return node.type === 'array' || node.type === 'boolean' || node.format === 'date' || node.format === 'date-time';
}

const limit = (p: Params): string => String(p['limit'] ?? '');

// x-compare's default wording, by operator: dates are earlier or later, numbers less or greater.
const COMPARE_ZH: Record<'date' | 'number', Record<string, string>> = {
  date: { '<': '应早于', '<=': '不得晚于', '>': '应晚于', '>=': '不得早于', '==': '应与', '!=': '不能与' },
  number: { '<': '必须小于', '<=': '不能大于', '>': '必须大于', '>=': '不能小于', '==': '应与', '!=': '不能与' },
};
const COMPARE_EN: Record<'date' | 'number', Record<string, string>> = {
  date: {
    '<': 'Must be before',
    '<=': 'Must not be after',
    '>': 'Must be after',
    '>=': 'Must not be before',
    '==': 'Must be the same as',
    '!=': 'Must differ from',
  },
  number: {
    '<': 'Must be less than',
    '<=': 'Must not be greater than',
    '>': 'Must be greater than',
    '>=': 'Must not be less than',
    '==': 'Must equal',
    '!=': 'Must differ from',
  },
};
const compareSide = (p: Params): 'date' | 'number' => (p['kind'] === 'number' ? 'number' : 'date');
const otherTitle = (p: Params): string => String(p['fieldTitle'] ?? p['field'] ?? '');
// A rule with today or now names the moment plainly, not as a field title in brackets.
const MOMENT_ZH = new Map([
  ['today', '今天'],
  ['now', '当前时间'],
]);
const MOMENT_EN = new Map([
  ['today', 'today'],
  ['now', 'the current time'],
]);
// The vocabulary admits only the six operators; anything else gets the plain fallback wording.
const compareZh = (p: Params): string => {
  const op = String(p['comparison']);
  const words = COMPARE_ZH[compareSide(p)][op];
  if (!words) return '输入不正确';
  // 应与「开始日期」相同 / 不能与「开始日期」相同: the equality wordings close after the title.
  const close = op === '==' || op === '!=' ? '相同' : '';
  const moment = MOMENT_ZH.get(String(p['moment']));
  return moment ? `${words}${moment}${close}` : `${words}「${otherTitle(p)}」${close}`;
};
const compareEn = (p: Params): string => {
  const words = COMPARE_EN[compareSide(p)][String(p['comparison'])];
  if (!words) return 'Invalid input';
  const moment = MOMENT_EN.get(String(p['moment']));
  return moment ? `${words} ${moment}` : `${words} "${otherTitle(p)}"`;
};

const FORMAT_ZH: Record<string, string> = {
  email: '请输入正确的邮箱地址',
  date: '请输入正确的日期',
  'date-time': '请输入正确的日期时间',
  uri: '请输入正确的网址',
  uscc: '请输入正确的统一社会信用代码',
  mobile: '请输入正确的手机号码',
};
const FORMAT_EN: Record<string, string> = {
  email: 'Please enter a valid email address',
  date: 'Please enter a valid date',
  'date-time': 'Please enter a valid date and time',
  uri: 'Please enter a valid URL',
  uscc: 'Please enter a valid unified social credit code',
  mobile: 'Please enter a valid mobile number',
};

// Wording is written for people: no regular expressions or schema jargon ever reach a user.
const MESSAGES: Record<Locale, Record<string, Template>> = {
  'zh-CN': {
    maxLength: (p) => `最多输入${limit(p)}个字符`,
    minLength: (p) => `至少输入${limit(p)}个字符`,
    pattern: () => '格式不正确',
    format: (p) => FORMAT_ZH[String(p['format'])] ?? '格式不正确',
    minimum: (p) => `不能小于${limit(p)}`,
    maximum: (p) => `不能大于${limit(p)}`,
    exclusiveMinimum: (p) => `必须大于${limit(p)}`,
    exclusiveMaximum: (p) => `必须小于${limit(p)}`,
    multipleOf: (p) => `必须是${String(p['multipleOf'] ?? '')}的整数倍`,
    enum: () => '请选择有效的选项',
    'x-dict': () => '请选择有效的选项',
    const: () => '取值不正确',
    minItems: (p) => `至少需要${limit(p)}项`,
    maxItems: (p) => `最多只能有${limit(p)}项`,
    uniqueItems: () => '不能包含重复项',
    type: () => '数据类型不正确',
    additionalProperties: (p) => `不允许提交未定义的字段：${String(p['additionalProperty'] ?? '')}`,
    captcha: (p) => (p['reason'] === 'expired' ? '验证码已过期，请点击图片刷新' : '验证码错误'),
    unique: () => '该名称已存在',
    [COMPARE_KEYWORD]: compareZh,
    fallback: () => '输入不正确',
  },
  'en-US': {
    maxLength: (p) => `At most ${limit(p)} characters`,
    minLength: (p) => `At least ${limit(p)} characters`,
    pattern: () => 'Invalid format',
    format: (p) => FORMAT_EN[String(p['format'])] ?? 'Invalid format',
    minimum: (p) => `Must not be less than ${limit(p)}`,
    maximum: (p) => `Must not be greater than ${limit(p)}`,
    exclusiveMinimum: (p) => `Must be greater than ${limit(p)}`,
    exclusiveMaximum: (p) => `Must be less than ${limit(p)}`,
    multipleOf: (p) => `Must be a multiple of ${String(p['multipleOf'] ?? '')}`,
    enum: () => 'Please choose a valid option',
    'x-dict': () => 'Please choose a valid option',
    const: () => 'Invalid value',
    minItems: (p) => `At least ${limit(p)} items are required`,
    maxItems: (p) => `At most ${limit(p)} items are allowed`,
    uniqueItems: () => 'Items must not repeat',
    type: () => 'Invalid value type',
    additionalProperties: (p) => `Unknown field: ${String(p['additionalProperty'] ?? '')}`,
    captcha: (p) =>
      p['reason'] === 'expired' ? 'The verification code has expired; click the image for a new one' : 'Incorrect verification code',
    unique: () => 'This name is already taken',
    [COMPARE_KEYWORD]: compareEn,
    fallback: () => 'Invalid input',
  },
};

/**
 * The user-facing message for one failed rule on one field. A schema may override a keyword's
 * message through `x-messages` (x-compare: its own `message`); otherwise the spec's defaults apply.
 */
export function validationMessage(keyword: string, params: Params, fieldSchema: JsonSchema | undefined, locale: Locale): string {
  if (keyword === COMPARE_KEYWORD) {
    const own = fieldSchema?.['x-compare']?.message;
    if (own) return resolveLocalizedText(own, locale);
    // The field's kind, not a param: both sides read it from the same schema.
    return MESSAGES[locale][COMPARE_KEYWORD]?.({ ...params, kind: compareKind(fieldSchema) }) ?? '';
  }
  const override = fieldSchema?.['x-messages']?.[keyword];
  if (override) return resolveLocalizedText(override, locale);
  if (keyword === 'required') {
    if (locale === 'en-US') return isChoiceField(fieldSchema) ? 'Please select' : 'Please enter';
    return isChoiceField(fieldSchema) ? '请选择' : '请输入';
  }
  const table = MESSAGES[locale];
  const template = table[keyword] ?? table['fallback'];
  return template ? template(params) : '';
}
