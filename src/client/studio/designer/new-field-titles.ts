import type { NewFieldTitles } from './field-kind';

/**
 * What a field or step the designer adds is called until the author names it. These are the
 * schema's own texts (zh-CN in title, en-US in x-locale), whatever language the studio is shown in.
 */
export const NEW_FIELD: NewFieldTitles = { zh: '新字段', en: 'New field' };
export const RANGE_START: NewFieldTitles = { zh: '开始日期', en: 'Start date' };
export const RANGE_END: NewFieldTitles = { zh: '结束日期', en: 'End date' };
export const RANGE_END_MESSAGE = { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end date cannot be before the start date' };
export const NEW_STEP: NewFieldTitles = { zh: '新步骤', en: 'New step' };
