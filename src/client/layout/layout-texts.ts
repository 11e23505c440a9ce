import type { Locale } from '../../shared/i18n/locale';

/**
 * The shell's own texts: menu, multi-tab bar, settings drawer, exception pages and chunk errors.
 * The tab refusals are the spec's wording (§8). Kept apart from i18n/texts.ts so the shell's texts
 * change in one place.
 */
const ZH_CN = {
  home: '首页',
  applicationForm: '填写申报',
  // Multi-tab bar (spec §2, §8).
  tabCloseCurrent: '关闭当前',
  tabCloseRight: '关闭右侧',
  tabCloseLeft: '关闭左侧',
  tabCloseAll: '关闭全部',
  tabLastOne: '这是最后一个标签页，不能关闭',
  tabNoLeft: '左侧没有标签页',
  tabNoRight: '右侧没有标签页',
  tabBar: '已打开的页面',
  // Settings drawer (spec §3 "Layout settings keys").
  settings: '页面设置',
  navTheme: '整体风格',
  themeLight: '亮色',
  themeDark: '暗色',
  primaryColor: '主题色',
  layoutMode: '导航模式',
  layoutTop: '顶部菜单',
  layoutSide: '侧边菜单',
  layoutMix: '混合菜单',
  siderMenuType: '侧边菜单类型',
  menuSub: '折叠子菜单',
  menuGroup: '分组菜单',
  contentWidth: '内容区域宽度',
  contentFluid: '流式',
  contentFixed: '定宽',
  contentWidthHint: '定宽仅在顶部菜单时有效',
  fixedHeader: '固定 Header',
  autoHideHeader: '下滑时隐藏 Header',
  fixSiderbar: '固定侧边菜单',
  colorWeak: '色弱模式',
  multiTab: '多页签',
  language: '语言',
  resetSettings: '恢复默认设置',
  colorName: (color: string): string => `主题色 ${color}`,
  backToTop: '回到顶部',
  greetingSeparator: '，',
  accountCenter: '个人中心',
  accountSettings: '个人设置',
  // Exception pages (spec §2: 403, 404, 500).
  forbidden: '抱歉，您无权访问此页面',
  serverError: '抱歉，服务器出错了',
  // A page chunk that does not load (spec §8, §9).
  chunkTimeoutTitle: '页面加载超时',
  chunkTimeoutHint: '网络较慢或已中断，请检查网络后重试',
  retry: '重试',
  chunkMissingTitle: '找不到页面模块',
  chunkMissingHint: '页面文件不存在或已更新，请重新加载页面',
  reload: '重新加载',
  backHome: '返回首页',
};

export type LayoutTexts = typeof ZH_CN;

const EN_US: LayoutTexts = {
  home: 'Home',
  applicationForm: 'Application form',
  tabCloseCurrent: 'Close this tab',
  tabCloseRight: 'Close tabs to the right',
  tabCloseLeft: 'Close tabs to the left',
  tabCloseAll: 'Close all tabs',
  tabLastOne: 'This is the last tab and cannot be closed',
  tabNoLeft: 'No tabs on the left',
  tabNoRight: 'No tabs on the right',
  tabBar: 'Open pages',
  settings: 'Page settings',
  navTheme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  primaryColor: 'Primary colour',
  layoutMode: 'Navigation mode',
  layoutTop: 'Top menu',
  layoutSide: 'Side menu',
  layoutMix: 'Mixed menu',
  siderMenuType: 'Side menu type',
  menuSub: 'Sub-menus',
  menuGroup: 'Groups',
  contentWidth: 'Content width',
  contentFluid: 'Fluid',
  contentFixed: 'Fixed',
  contentWidthHint: 'Fixed width applies to the top menu only',
  fixedHeader: 'Fixed header',
  autoHideHeader: 'Hide header when scrolling',
  fixSiderbar: 'Fixed side menu',
  colorWeak: 'Colour-weak mode',
  multiTab: 'Multiple tabs',
  language: 'Language',
  resetSettings: 'Restore defaults',
  colorName: (color: string): string => `Primary colour ${color}`,
  backToTop: 'Back to top',
  greetingSeparator: ', ',
  accountCenter: 'Account centre',
  accountSettings: 'Account settings',
  forbidden: 'Sorry, you are not authorised to access this page',
  serverError: 'Sorry, something went wrong on the server',
  chunkTimeoutTitle: 'The page took too long to load',
  chunkTimeoutHint: 'The network is slow or down; check it and retry',
  retry: 'Retry',
  chunkMissingTitle: 'Cannot find the page module',
  chunkMissingHint: 'The page file is missing or was updated; please reload the page',
  reload: 'Reload',
  backHome: 'Back home',
};

const TEXTS: Record<Locale, LayoutTexts> = { 'zh-CN': ZH_CN, 'en-US': EN_US };

export function layoutTextsFor(locale: Locale): LayoutTexts {
  return TEXTS[locale];
}
