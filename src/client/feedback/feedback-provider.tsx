import { theme } from 'antd';
// antd's own context for App.useApp(): providing it here lets every component keep calling App.useApp().
import AppContext from 'antd/es/app/context';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { firstPageSettled } from '../chunk/first-page-settled';
import { loadWithTimeout } from '../chunk/load-with-timeout';
import { DEFERRED_FEEDBACK, type FeedbackApi } from './feedback-api';

type Holders = ComponentType<{ onReady: (api: FeedbackApi) => void }>;

const FeedbackHolders = lazy((): Promise<{ default: Holders }> =>
  loadWithTimeout(() => firstPageSettled().then(() => import('./feedback-holders'))).catch((error: unknown) => {
    console.error('The message and dialog code failed to load', error);
    return { default: () => null };
  }),
);

/**
 * What antd's App gives (App.useApp()'s message, notification and modal, and the base text style),
 * with the instances loaded once the first page has its code (ADR 0059): until they arrive, calls wait for them
 * (feedback-api.ts). The children are never mounted again when they do.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, setApi] = useState<FeedbackApi>(DEFERRED_FEEDBACK);
  const { token } = theme.useToken();
  return (
    <AppContext.Provider value={api}>
      <div
        className="kc-app"
        style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
      >
        <Suspense fallback={null}>
          <FeedbackHolders onReady={setApi} />
        </Suspense>
        {children}
      </div>
    </AppContext.Provider>
  );
}
