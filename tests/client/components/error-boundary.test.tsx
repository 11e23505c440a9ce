// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/client/components/error-boundary';
import { SchemaErrorBoundary } from '../../../src/client/engine/schema-error-boundary';

function Throws({ message }: { message: string }): never {
  throw new Error(message);
}

afterEach(cleanup);

describe('ErrorBoundary', () => {
  it('shows its children while they render', () => {
    render(
      <ErrorBoundary label="x" fallback={() => 'fallback'}>
        fine
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('shows the fallback with the error and logs it when a child throws', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary label="Widget" fallback={(error) => `坏了：${error.message}`}>
        <Throws message="boom" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('坏了：boom')).toBeTruthy();
    expect(log.mock.calls.some((call) => call[0] === 'Widget failed')).toBe(true);
    log.mockRestore();
  });

  it('a schema that cannot render shows why, in place of the form', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <SchemaErrorBoundary title="表单加载失败">
        <Throws message='Field "theme": unknown component "Slider"' />
      </SchemaErrorBoundary>,
    );
    expect(screen.getByText('表单加载失败')).toBeTruthy();
    expect(screen.getByText('Field "theme": unknown component "Slider"')).toBeTruthy();
    log.mockRestore();
  });
});
