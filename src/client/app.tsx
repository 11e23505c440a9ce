// Trap 6: under Vite with "type": "module", 'antd/locale/zh_CN' silently stays English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Locale } from '../shared/i18n/locale';
import { FeedbackProvider } from './feedback/feedback-provider';
import { useLocale } from './i18n/locale-store';
import { AppErrorBoundary } from './layout/app-error-boundary';
import { DemoBanner } from './layout/demo-banner';
import { PortalTheme } from './layout/portal-theme';
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

export function App() {
  const locale = useLocale();
  useEffect(() => applyLocale(locale), [locale]);
  // Spec §9: every page, the mobile ones included, gets the viewport-scaled root font size.
  useRootFontSize();
  return (
    <PortalTheme locale={ANTD_LOCALES[locale]}>
      <FeedbackProvider>
        <DemoBanner />
        <AppErrorBoundary>
          <RouterProvider router={router()} />
        </AppErrorBoundary>
      </FeedbackProvider>
    </PortalTheme>
  );
}
