/** Variant (b): the application step form with the whole long form as its one step, submitted with its own 提交申报. */
import { useMemo } from 'react';
import { StepForm } from '../../../../src/client/activities/step-form/step-form';
import type { BenchForm } from '../form-bench-schema';
import { benchActivity, benchDraft } from './bench-activity';

const now = (): Date => new Date();

export function BenchVariant({ bench }: { bench: BenchForm }) {
  const activity = useMemo(() => benchActivity(bench), [bench]);
  const draft = useMemo(() => benchDraft(bench), [bench]);
  return <StepForm activity={activity} application={draft} initialIndex={0} now={now} />;
}
