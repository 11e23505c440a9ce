import { and, count, eq, sql } from 'drizzle-orm';
import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import type { WorkflowTransition } from '../../../shared/resource/workflow-rules';
import { escapePointer } from '../../../shared/schema/escape-pointer';
import type { Db } from '../../db/database';
import { records, rolePermissions } from '../../db/schema';
import type { CompiledResource } from './compiled-resource';
import { workflowPlace } from './live-workflow-problems';
import type { UnitProblem } from './schema-unit-error';

/** The permission check a transition's route asks for (`<permission>.<action>`), or undefined when any user may call it. */
export function transitionPermission(permission: string, transition: WorkflowTransition): string | undefined {
  if (transition.actor === 'reviewer') return `${permission}.${transition.permission ?? 'update'}`;
  if (transition.actor === 'orgAdmin' && transition.permission !== undefined) return `${permission}.${transition.permission}`;
  return undefined;
}

function stateTitle(workflow: WorkflowFile, state: string): string {
  return `"${workflow.states[state]?.title ?? state}"（${state}）`;
}

async function countsByState(db: Db, resource: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: records.status, n: count() })
    .from(records)
    .where(eq(records.resource, resource))
    .groupBy(records.status);
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

async function someRoleHolds(db: Db, check: string): Promise<boolean> {
  const dot = check.lastIndexOf('.');
  const [permissionId, action] = [check.slice(0, dot), check.slice(dot + 1)];
  const rows = await db
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.permissionId, permissionId), sql`${action} = ANY(${rolePermissions.actions})`))
    .limit(1);
  return rows.length > 0;
}

/**
 * What the database refuses of a live folder's new workflow (ADR 0044), each problem placed where it
 * was made, as the studio shows the others:
 * - a state removed while stored records are in it (they would be in a state nobody can leave or see
 *   listed), with the count, as the impact report counts them;
 * - the initial state renamed (removed) while the folder has records: each record's history starts there;
 * - a state that stops being private while records are in it: reviewers would see drafts they could not
 *   see before (who sees records is not widened live, ADR 0042);
 * - a transition, new or with a new check, whose `<permission>.<action>` no role holds: nobody could
 *   take it; 角色管理 grants it first (a publication grants nothing itself).
 * A folder whose records a module keeps (source) changes only texts (live-workflow-problems.ts).
 */
export async function workflowRecordProblems(
  db: Db,
  live: CompiledResource,
  candidate: CompiledResource,
  inSharedFile = false,
): Promise<UnitProblem[]> {
  if (live.resource.source !== undefined) return [];
  const before = live.workflow;
  const after = candidate.workflow;
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const problems: UnitProblem[] = [];
  const add = (pointer: string, message: string): void => {
    problems.push({ ...workflowPlace(candidate, pointer, inSharedFile), message });
  };

  const counts = await countsByState(db, live.name);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (const [state, n] of counts) {
    if (n === 0 || !Object.hasOwn(before.states, state)) continue;
    if (!Object.hasOwn(after.states, state)) {
      add('/states', `状态 ${stateTitle(before, state)} 中还有 ${n} 条记录，不能删除：请先把这些记录办理到其他状态，或保留这个状态`);
      continue;
    }
    if (before.states[state]?.private === true && after.states[state]?.private !== true)
      add(
        `/states/${escapePointer(state)}/private`,
        `状态 ${stateTitle(before, state)} 中有 ${n} 条记录只有所有者能看到，去掉 private 会让审核人看到它们，不能在线发布`,
      );
  }
  if (after.initial !== before.initial && !Object.hasOwn(after.states, before.initial) && total > 0)
    add(
      '/initial',
      `已有 ${total} 条记录，它们的历史都从初始状态 ${stateTitle(before, before.initial)} 开始，不能改名或删除；可以另设初始状态并保留它`,
    );

  const permission = candidate.resource.permission;
  for (const [name, transition] of Object.entries(after.transitions)) {
    if (!transition) continue;
    const check = transitionPermission(permission, transition);
    const old = Object.hasOwn(before.transitions, name) ? before.transitions[name] : undefined;
    if (check === undefined || (old && transitionPermission(live.resource.permission, old) === check)) continue;
    if (!(await someRoleHolds(db, check)))
      add(
        `/transitions/${escapePointer(name)}/permission`,
        `流转 "${transition.title}" 需要权限 ${check}，目前没有任何角色持有，发布后没有人能办理它：请先在「角色管理」中把它授予一个角色，再发布`,
      );
  }
  return problems;
}
