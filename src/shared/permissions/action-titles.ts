import type { Locale } from '../i18n/locale';
import type { ActionKey } from './action-keys';

const TITLES: Record<ActionKey, { 'zh-CN': string; 'en-US': string }> = {
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  update: { 'zh-CN': '修改', 'en-US': 'Update' },
  query: { 'zh-CN': '查询', 'en-US': 'Query' },
  get: { 'zh-CN': '详情', 'en-US': 'View' },
  enable: { 'zh-CN': '启用', 'en-US': 'Enable' },
  disable: { 'zh-CN': '禁用', 'en-US': 'Disable' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  unmask: { 'zh-CN': '查看完整信息', 'en-US': 'Unmask' },
};

/** An action key as people read it (spec §6's action keys, and unmask). */
export function actionTitle(action: ActionKey, locale: Locale): string {
  return TITLES[action][locale];
}
