import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import type { WorkflowFile } from '../generated/workflow-file';
import type { JsonSchema } from '../schema/json-schema';

/** One resource folder, checked: what the server serves and the client renders (GET /api/resources/<name>). */
export interface ResourceDefinition {
  name: string;
  resource: ResourceFile;
  /** record.schema.json: the canonical form schema of one record. */
  record: JsonSchema;
  workflow: WorkflowFile;
  /** lists/<name>.list.json by list name. */
  lists: Record<string, ResourceListFile>;
  /** sha256 over the folder's files (and its shared workflow): stored with every record written. */
  version: string;
}

export const RESOURCE_FILE = 'resource.json';
export const RECORD_FILE = 'record.schema.json';
export const WORKFLOW_FILE = 'workflow.json';
export const LIST_SUFFIX = '.list.json';

export function recordSchemaId(name: string): string {
  return `https://schemas.kechuang.local/resources/${name}/record.schema.json`;
}

/**
 * Names a record body may never carry: the server decides them (SECURITY R17, mass assignment).
 * A record schema may not declare them either, so they cannot be smuggled in as "data".
 */
export const RESERVED_FIELDS = [
  'id',
  'status',
  'version',
  'owner',
  'ownerId',
  'ownerName',
  'organisation',
  'orgId',
  'reviewer',
  'reviewerId',
  'createdAt',
  'updatedAt',
] as const;

/** Columns every record has besides its data; lists may show, filter (status) and sort by them. */
export const SYSTEM_FIELDS = ['status', 'createdAt', 'updatedAt', 'ownerName'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export function isSystemField(field: string): field is SystemField {
  return (SYSTEM_FIELDS as readonly string[]).includes(field);
}
