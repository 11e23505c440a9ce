import { Alert } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
}

interface State {
  error?: Error;
}

/**
 * Shows, in place of the form, why a schema could not be rendered (an unknown component, an
 * unsupported rule): loud for the person looking at it, and logged for whoever debugs it.
 */
export class SchemaErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Schema form failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <Alert type="error" showIcon message={this.props.title} description={this.state.error.message} />;
    return this.props.children;
  }
}
