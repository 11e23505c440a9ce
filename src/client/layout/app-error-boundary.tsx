import { Button } from 'antd';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

function PageFailed({ error }: { error: Error }) {
  const texts = textsFor(getLocale());
  // Plain markup: antd's Result would pull its status illustrations into the entry chunk.
  return (
    <div role="alert" style={{ padding: '20vh 24px', textAlign: 'center' }}>
      <h2>{texts.pageFailed}</h2>
      <p style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{error.message}</p>
      <Button type="primary" onClick={() => location.reload()}>
        {texts.reload}
      </Button>
    </div>
  );
}

/**
 * The last line of defence: a page chunk that fails to load (a deploy replaced it) or a page that
 * throws shows a reload prompt instead of a blank screen, and the error is logged.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="Page" fallback={(error) => <PageFailed error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
