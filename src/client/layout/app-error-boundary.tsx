import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { getLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

interface State {
  error?: Error;
}

/**
 * The last line of defence: a page chunk that fails to load (a deploy replaced it) or a page that
 * throws shows a reload prompt instead of a blank screen, and the error is logged.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const texts = textsFor(getLocale());
    // Plain markup: antd's Result would pull its status illustrations into the entry chunk.
    return (
      <div role="alert" style={{ padding: '20vh 24px', textAlign: 'center' }}>
        <h2>{texts.pageFailed}</h2>
        <p style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{this.state.error.message}</p>
        <Button type="primary" onClick={() => location.reload()}>
          {texts.reload}
        </Button>
      </div>
    );
  }
}
