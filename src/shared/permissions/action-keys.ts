import type { Permission } from '../generated/permission';

/** An action a permission grants (spec §6's action keys, and unmask). */
export type ActionKey = Permission['actionList'][number];

/** Spec §6: the action keys every permission id offers, in the spec's order. */
export const SPEC_ACTION_KEYS: readonly ActionKey[] = ['add', 'delete', 'update', 'query', 'get', 'enable', 'disable', 'import', 'export'];

/**
 * SECURITY R35: seeing a record's personal numbers (x-mask) in full, each view audited. Only a
 * resource folder with such fields offers it, so it is not one of the actions every id offers.
 */
export const UNMASK_ACTION: ActionKey = 'unmask';

/** Every action key an auth check or the action directive may name: spec §6's, then unmask. */
export const ACTION_KEYS: readonly ActionKey[] = [...SPEC_ACTION_KEYS, UNMASK_ACTION];
