/**
 * The step form's inputs for the bench: an activity whose only step is the whole long form, open now,
 * and the applicant's draft holding the table's 50 rows. The draft is an ApplicationView rather than
 * `null` because a step form takes its initial values only from the stored application (an unsaved
 * one starts empty); this is the product's own path for a draft being continued.
 */
import type { ActivityDetail, ApplicationView } from '../../../../src/shared/generated';
import { BENCH_ACTIVITY_ID, BENCH_STEP_KEY, type BenchForm } from '../form-bench-schema';

export function benchActivity(bench: BenchForm): ActivityDetail {
  return {
    id: BENCH_ACTIVITY_ID,
    version: 'bench',
    title: `长表单基准（${bench.n}个字段）`,
    summary: '表单引擎渲染基准：一个步骤即整张长表单。',
    window: { opensAt: '2000-01-01T00:00:00+08:00', closesAt: '2999-12-31T23:59:59+08:00' },
    state: 'open',
    steps: [{ key: BENCH_STEP_KEY, title: '长表单', schema: bench.schema }],
  };
}

/** The stored draft; the bench's API answers return it again with the version moved on. */
export function benchDraft(bench: BenchForm, version = 1): ApplicationView {
  const at = '2026-01-01T08:00:00.000Z';
  return {
    id: 'bench-application',
    activityId: BENCH_ACTIVITY_ID,
    status: 'draft',
    version,
    currentStep: BENCH_STEP_KEY,
    data: { [BENCH_STEP_KEY]: structuredClone(bench.initialValues) },
    schemaVersion: 'bench',
    createdAt: at,
    updatedAt: at,
    submittedAt: null,
    editable: true,
  };
}
