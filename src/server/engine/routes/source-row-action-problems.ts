import type { ListSource, ListSources } from '../records/list-source';
import type { CompiledResource } from '../units/resource-registry';
import type { UnitProblem } from '../units/schema-unit-error';

/**
 * The row actions of a folder's lists that its source does not take (ADR 0049): a module keeps the
 * records and serves only the transitions its code offers, so a list may offer only those. Checked at
 * start-up (requireSource) and, against the live source, when a publication adds or changes a list.
 */
export function sourceRowActionProblems(resource: CompiledResource, source: ListSource): UnitProblem[] {
  const problems: UnitProblem[] = [];
  for (const [listName, list] of Object.entries(resource.lists)) {
    (list.rowActions ?? []).forEach((action, index) => {
      if (Object.hasOwn(resource.workflow.transitions, action) && !source.transitions?.[action])
        problems.push({
          file: `resources/${resource.name}/lists/${listName}.list.json`,
          pointer: `/rowActions/${index}`,
          message: `数据来源 "${resource.resource.source ?? ''}" 不提供流转 "${action}"，列表不能提供这个操作`,
        });
    });
  }
  return problems;
}

/** The same for a candidate of a live folder: its source as it runs now (a folder without a source has none). */
export function candidateRowActionProblems(sources: ListSources, candidate: CompiledResource): UnitProblem[] {
  const name = candidate.resource.source;
  const source = name === undefined ? undefined : sources.get(name);
  return source ? sourceRowActionProblems(candidate, source) : [];
}
