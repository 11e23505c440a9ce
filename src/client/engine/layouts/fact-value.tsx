import { Suspense } from 'react';
import { lazyWithTimeout } from '../../chunk/lazy-with-timeout';
import type { RecordValueProps } from '../record-value-props';
import { scalarRecordValue } from '../scalar-record-value';

// Rows, groups, files and rich text need antd's Table and Descriptions and the HTML sanitiser: a public
// card's facts are almost always labels and dates, so those arrive only with the first fact that needs them.
const RecordValue = lazyWithTimeout<RecordValueProps>(() => import('../record-value').then((module) => ({ default: module.RecordValue })));

/** A fact on a public card or agenda line, read as RecordValue reads it, without its weight for the usual short values. */
export function FactValue(props: RecordValueProps) {
  const scalar = scalarRecordValue(props);
  if (scalar !== undefined) return <>{scalar}</>;
  return (
    <Suspense fallback="…">
      <RecordValue {...props} />
    </Suspense>
  );
}
