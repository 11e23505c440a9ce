/**
 * The layout settings of spec §3 ("Layout settings keys"): sidebar type, theme, layout, fixed
 * header, fixed sidebar, content width, auto-hide header, colour, weak, multi-tab. The app language,
 * the last key, lives in the locale store (src/client/i18n/locale-store.ts), which already keeps it.
 */
export type NavTheme = 'light' | 'realDark';
export type LayoutMode = 'top' | 'side' | 'mix';
export type SiderMenuType = 'sub' | 'group';
export type ContentWidth = 'Fluid' | 'Fixed';

export interface LayoutSettings {
  navTheme: NavTheme;
  layout: LayoutMode;
  /** How the side menu shows children: collapsible sub-menus or always-open groups. */
  siderMenuType: SiderMenuType;
  /** The sidebar's own state (the source's "sidebar" key): collapsed to 80 px or open at 256 px. */
  siderCollapsed: boolean;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  /** 'Fixed' centres the content at 1152 px in the top layout; the side layouts are always fluid. */
  contentWidth: ContentWidth;
  /** With a fixed header: hide it while scrolling down, show it again on scrolling up. */
  autoHideHeader: boolean;
  colorPrimary: string;
  colorWeak: boolean;
  multiTab: boolean;
}

/** Spec §9: light theme, top menu, fixed width, fixed header. The rest follow ant-design-pro. */
export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  navTheme: 'light',
  layout: 'top',
  siderMenuType: 'sub',
  siderCollapsed: false,
  fixedHeader: true,
  fixSiderbar: true,
  contentWidth: 'Fixed',
  autoHideHeader: false,
  // antd's blue-7: white text on it, and it on white, reach WCAG AA (4.5:1); antd's default #1677ff gives 4.1.
  colorPrimary: '#0958d9',
  colorWeak: false,
  // Spec §2 describes the tab bar as part of the shell, so it starts on.
  multiTab: true,
});

/** The primary colours offered in the settings drawer (antd's preset palette). */
export const PRIMARY_COLORS = ['#0958d9', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#2f54eb', '#722ed1'] as const;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Settings from untrusted storage: each key is checked on its own, so one stale or hand-edited
 * value falls back to its default without discarding the others.
 */
export function parseLayoutSettings(raw: unknown): LayoutSettings {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_LAYOUT_SETTINGS;
  return {
    navTheme: oneOf(source['navTheme'], ['light', 'realDark'], d.navTheme),
    layout: oneOf(source['layout'], ['top', 'side', 'mix'], d.layout),
    siderMenuType: oneOf(source['siderMenuType'], ['sub', 'group'], d.siderMenuType),
    siderCollapsed: bool(source['siderCollapsed'], d.siderCollapsed),
    fixedHeader: bool(source['fixedHeader'], d.fixedHeader),
    fixSiderbar: bool(source['fixSiderbar'], d.fixSiderbar),
    contentWidth: oneOf(source['contentWidth'], ['Fluid', 'Fixed'], d.contentWidth),
    autoHideHeader: bool(source['autoHideHeader'], d.autoHideHeader),
    colorPrimary:
      typeof source['colorPrimary'] === 'string' && HEX_COLOR.test(source['colorPrimary']) ? source['colorPrimary'] : d.colorPrimary,
    colorWeak: bool(source['colorWeak'], d.colorWeak),
    multiTab: bool(source['multiTab'], d.multiTab),
  };
}
