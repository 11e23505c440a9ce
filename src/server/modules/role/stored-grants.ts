import type { Permission } from '../../../shared/generated/permission';
import { UNMASK_ACTION } from '../../../shared/permissions/action-keys';

/** A role_permissions row's permission id and actions. */
export interface StoredGrant {
  permissionId: string;
  actions: string[];
}

/*
 * role_permissions.actions takes spec §6's nine keys only: its CHECK (migration 0003) refuses a
 * misspelt action at write time. unmask (SECURITY R35) is not one of them, so a grant of it is kept
 * as the `get` of the companion id `<permissionId>.unmask`, which needs no migration. The two
 * functions below are the only code that knows; everything else sees `<permissionId>.unmask`.
 */
const COMPANION_SUFFIX = `.${UNMASK_ACTION}`;
const COMPANION_ACTION = 'get';

/** The rows that store these permissions. */
export function toStoredGrants(permissions: readonly Permission[]): StoredGrant[] {
  return permissions.flatMap(({ permissionId, actionList }) => {
    const rows: StoredGrant[] = [];
    const spec = actionList.filter((action) => action !== UNMASK_ACTION);
    if (spec.length > 0) rows.push({ permissionId, actions: spec });
    if (actionList.includes(UNMASK_ACTION)) rows.push({ permissionId: `${permissionId}${COMPANION_SUFFIX}`, actions: [COMPANION_ACTION] });
    return rows;
  });
}

/** Stored rows back as permission ids and actions: each companion row folded into its id as unmask, in the order the ids first appear. */
export function fromStoredGrants(rows: readonly StoredGrant[]): StoredGrant[] {
  const folded = new Map<string, string[]>();
  for (const { permissionId, actions } of rows) {
    const companion = permissionId.endsWith(COMPANION_SUFFIX) && permissionId.length > COMPANION_SUFFIX.length;
    const id = companion ? permissionId.slice(0, -COMPANION_SUFFIX.length) : permissionId;
    const added = companion ? (actions.includes(COMPANION_ACTION) ? [UNMASK_ACTION] : []) : actions;
    folded.set(id, [...(folded.get(id) ?? []), ...added]);
  }
  return [...folded].map(([permissionId, actions]) => ({ permissionId, actions: [...new Set(actions)] }));
}
