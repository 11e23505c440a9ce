import { ConfigProvider, type ConfigProviderProps } from 'antd';
import type { ReactNode } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { DEFAULT_LAYOUT_SETTINGS } from '../settings/layout-settings';

// WCAG AA (4.5:1) for text on white and on the tags' pale backgrounds: antd's own primary, info and
// link blue (#1677ff), error red (#ff4d4f), success green (#52c41a) and warning gold (#faad14) fall short.
// The pale backgrounds and borders stay antd's: derived from a dark seed they would turn grey.
const THEME = {
  token: {
    colorPrimary: DEFAULT_LAYOUT_SETTINGS.colorPrimary,
    colorInfo: DEFAULT_LAYOUT_SETTINGS.colorPrimary,
    colorLink: DEFAULT_LAYOUT_SETTINGS.colorPrimary,
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // Secondary text (hints, file sizes, descriptions) at WCAG AA 4.5:1 on white; antd's 0.45 alpha gives 3.4:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // Labels of Descriptions (the account centre) use the tertiary text colour: the same floor.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  },
};

// Without motion antd opens a dialog at once, rather than zooming it in from the pointer.
const STILL_THEME = { token: { ...THEME.token, motion: false } };

export interface PortalThemeProps {
  locale: ConfigProviderProps['locale'];
  children: ReactNode;
}

/**
 * antd as the whole portal has it: its locale, the contrast-safe colours, and no motion for a visitor
 * whose system asks for less (WCAG 2.3.3). antd reads `motion` from the token of the provider around
 * a ConfigProvider, not its own, so a second, empty provider carries it to everything below.
 */
export function PortalTheme({ locale, children }: PortalThemeProps) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    // No auto space between two Chinese characters: the spec's buttons read 登录 / 取消, not 登 录.
    <ConfigProvider locale={locale} button={{ autoInsertSpace: false }} theme={reducedMotion ? STILL_THEME : THEME}>
      <ConfigProvider>{children}</ConfigProvider>
    </ConfigProvider>
  );
}
