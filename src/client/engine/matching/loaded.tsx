import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { MatchingTexts } from './matching-texts';

/** A loaded value's three states: failed (with a retry), loading, and the value itself. */
export function Loaded<T>({
  load,
  texts,
  rows = 6,
  children,
}: {
  load: { value: T | undefined; failed: boolean; retry: () => void };
  texts: MatchingTexts;
  rows?: number;
  children: (value: T) => ReactNode;
}) {
  if (load.failed)
    return (
      <Alert
        type="error"
        showIcon
        message={texts.loadFailed}
        action={
          <Button size="small" onClick={load.retry}>
            {texts.retry}
          </Button>
        }
      />
    );
  if (load.value === undefined) return <Skeleton active paragraph={{ rows }} />;
  return <>{children(load.value)}</>;
}
