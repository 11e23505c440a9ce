import type { Permission } from '../generated/permission';
import type { StudioUnitQuery } from '../generated/studio-unit-query';
import { hasPermission } from './has-permission';
import { PERMISSION_IDS, type PermissionId } from './permission-ids';

type StudioKind = StudioUnitQuery['kind'];

/**
 * Who may author what (issue 32, ADR 0041): each kind of studio unit has its own permission id, so a
 * role can be given activity forms, forms, the navigation and dashboards without the resource
 * folders, whose workflows, permissions and integrity rules are the administrator's.
 */
export const STUDIO_KIND_PERMISSIONS: Readonly<Record<StudioKind, PermissionId>> = {
  activity: PERMISSION_IDS.schemaStudioActivity,
  form: PERMISSION_IDS.schemaStudioForm,
  resource: PERMISSION_IDS.schemaStudioResource,
  site: PERMISSION_IDS.schemaStudioSite,
  dashboard: PERMISSION_IDS.schemaStudioDashboard,
  dictionary: PERMISSION_IDS.schemaStudioDictionary,
  // A shared workflow is the workflow of resource folders (ADR 0053): whoever may change a folder's own workflow.json may change it, nobody else.
  workflow: PERMISSION_IDS.schemaStudioResource,
};

/** The check a publication, a rollback or an impact report of a unit of this kind needs besides schemaStudio.update, e.g. 'schemaStudioResource.update'. */
export function studioKindCheck(kind: StudioKind): string {
  return `${STUDIO_KIND_PERMISSIONS[kind]}.update`;
}

/** Whether these permissions may publish (and roll back) a unit of this kind: schemaStudio.update and the kind's update. */
export function mayPublishKind(permissions: readonly Permission[], kind: StudioKind): boolean {
  return hasPermission(permissions, `${PERMISSION_IDS.schemaStudio}.update`) && hasPermission(permissions, studioKindCheck(kind));
}
