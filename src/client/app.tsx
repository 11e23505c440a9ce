import { ConfigProvider } from 'antd';
import { DEFAULT_LAYOUT_SETTINGS } from './settings/layout-settings';
// Trap 6: under Vite with "type": "module", 'antd/locale/zh_CN' silently stays English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Locale } from '../shared/i18n/locale';
import { FeedbackProvider } from './feedback/feedback-provider';
import { usePrefersReducedMotion } from './hooks/use-prefers-reduced-motion';
import { useLocale } from './i18n/locale-store';
import { AppErrorBoundary } from './layout/app-error-boundary';
import { DemoBanner } from './layout/demo-banner';
import { useRootFontSize } from './layout/root-font-size';
import { createAppRouter } from './router/app-routes';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * Applies a locale to every library that keeps its own: dayjs and the document. Formily's validator
 * is set where the engine renders (schema-fields.tsx), so pages without a form never load Formily.
 */
export function applyLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
  document.documentElement.lang = locale;
}

let appRouter: ReturnType<typeof createAppRouter> | undefined;

/**
 * One router for the page's life, created on first use rather than at import: it takes over the
 * browser history, and a locale change (which re-renders App) must not replace it.
 */
function router(): ReturnType<typeof createAppRouter> {
  appRouter ??= createAppRouter();
  return appRouter;
}

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

export function App() {
  const locale = useLocale();
  useEffect(() => applyLocale(locale), [locale]);
  // Spec §9: every page, the mobile ones included, gets the viewport-scaled root font size.
  useRootFontSize();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { ...THEME.token, motion: !reducedMotion } }), [reducedMotion]);
  return (
    // No auto space between two Chinese characters: the spec's buttons read 登录 / 取消, not 登 录.
    <ConfigProvider locale={ANTD_LOCALES[locale]} button={{ autoInsertSpace: false }} theme={theme}>
      <FeedbackProvider>
        <DemoBanner />
        <AppErrorBoundary>
          <RouterProvider router={router()} />
        </AppErrorBoundary>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
