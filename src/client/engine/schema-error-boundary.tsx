import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';

/**
 * Shows, in place of the form, why a schema could not be rendered (an unknown component, an
 * unsupported rule): loud for the person looking at it, and logged for whoever debugs it.
 */
export function SchemaErrorBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ErrorBoundary label="Schema form" fallback={(error) => <Alert type="error" showIcon message={title} description={error.message} />}>
      {children}
    </ErrorBoundary>
  );
}
