import type { Permission } from '../generated/permission';

/** An action a permission grants (spec §6's action keys). */
export type ActionKey = Permission['actionList'][number];

/** Spec §6: the action keys an auth check or the action directive may name, in the spec's order. */
export const ACTION_KEYS: readonly ActionKey[] = ['add', 'delete', 'update', 'query', 'get', 'enable', 'disable', 'import', 'export'];
