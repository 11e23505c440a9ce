import { ACTION_KEYS, SPEC_ACTION_KEYS, type ActionKey } from '../../../shared/permissions/action-keys';
import type { CompiledResource } from './resource-registry';

/** Whether a folder offers <permission>.unmask: the engine keeps its records, and they have x-mask fields. */
export function offersUnmask(resource: CompiledResource): boolean {
  return resource.resource.source === undefined && resource.maskedFields.length > 0;
}

/** The actions a folder's permission id offers (what the administrator gets): spec §6's, and unmask where it masks. */
export function offeredActions(resource: CompiledResource): readonly ActionKey[] {
  return offersUnmask(resource) ? ACTION_KEYS : SPEC_ACTION_KEYS;
}
