import type { StudioCreateRequest } from '../../shared/generated';
import { PERMISSION_IDS } from '../../shared/permissions/permission-ids';
import { studioKindCheck } from '../../shared/permissions/studio-kind-permissions';
import { useAuth } from '../permissions/use-auth';

export type NewUnitKind = StudioCreateRequest['kind'];

const NEW_UNIT_KINDS: readonly NewUnitKind[] = ['activity', 'form', 'dictionary', 'resource'];

/** The kinds the caller may create in the studio: authoring a new unit takes what publishing one of its kind takes (ADRs 0040, 0041), as the server holds. */
export function useCreatableKinds(): NewUnitKind[] {
  const auth = useAuth();
  return NEW_UNIT_KINDS.filter((kind) => auth(`${PERMISSION_IDS.schemaStudio}.update`) && auth(studioKindCheck(kind)));
}
