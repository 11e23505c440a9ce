import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the failing part in the log. */
  label: string;
  /** What shows instead of the children once they have thrown. */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

interface State {
  error?: Error;
}

/** Renders a fallback instead of a blank screen when its children throw, and logs the error. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
