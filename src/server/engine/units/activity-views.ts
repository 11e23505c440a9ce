import type { CompiledActivity } from '../../../shared/activity/compile-activity';
import { windowState } from '../../../shared/activity/activity-window';
import type { ActivityDetail } from '../../../shared/generated/activity-detail';
import type { ActivitySummary } from '../../../shared/generated/activity-summary';

/** What the activity list shows: texts, window and its state by server time, and the step names. */
export function toActivitySummary({ definition }: CompiledActivity, now: Date): ActivitySummary {
  const { manifest } = definition;
  const summary: ActivitySummary = {
    id: definition.id,
    title: manifest.title,
    summary: manifest.summary,
    window: { ...manifest.window },
    state: windowState(manifest.window, now),
    steps: definition.steps.map((step) => ({
      key: step.key,
      title: step.title,
      ...(step.route ? { route: step.route } : {}),
      ...(step.locale ? { locale: step.locale } : {}),
    })),
  };
  if (manifest.locale) summary.locale = manifest.locale;
  return summary;
}

/** Everything the step form needs: the summary's texts and window, and each step's canonical schema. */
export function toActivityDetail(activity: CompiledActivity, now: Date): ActivityDetail {
  const { definition } = activity;
  const { steps: _summarySteps, ...summary } = toActivitySummary(activity, now);
  const detail: ActivityDetail = {
    ...summary,
    version: definition.version,
    steps: definition.steps.map((step) => ({
      key: step.key,
      title: step.title,
      ...(step.route ? { route: step.route } : {}),
      ...(step.resource ? { resource: step.resource } : {}),
      ...(step.locale ? { locale: step.locale } : {}),
      schema: { ...step.schema },
    })),
  };
  if (definition.manifest.eligibleRoles) detail.eligibleRoles = definition.manifest.eligibleRoles;
  return detail;
}

/** Newest window first, as the list page shows them; ties by id so the order is stable. */
export function byOpensAtDesc(a: CompiledActivity, b: CompiledActivity): number {
  const diff = Date.parse(b.definition.manifest.window.opensAt) - Date.parse(a.definition.manifest.window.opensAt);
  return diff !== 0 ? diff : a.definition.id.localeCompare(b.definition.id);
}
