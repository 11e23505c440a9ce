import type { ActivityManifestFile } from '../generated/activity-manifest-file';
import type { JsonSchema } from '../schema/json-schema';

/** The spec's page names under /home/activities/ (§2) that a step may be opened by. */
export const STEP_ROUTES = [
  'companyIndustryForm',
  'companyInfo',
  'projectInfo',
  'projectInfoGroup',
  'teamInfo',
  'teamInfoGroup',
  'developmentInfo',
  'attachmentInfo',
  'attachmentInfoGroup',
] as const satisfies ReadonlyArray<NonNullable<ActivityManifestFile['steps'][number]['route']>>;

/** The spec's /sys/form/data resources (§7) whose query and saveOrUpdate calls address one step. */
export const STEP_RESOURCES = ['enterprise', 'industry', 'project', 'term', 'description', 'attachment'] as const satisfies ReadonlyArray<
  NonNullable<ActivityManifestFile['steps'][number]['resource']>
>;

export type StepRoute = (typeof STEP_ROUTES)[number];
export type StepResource = (typeof STEP_RESOURCES)[number];

type ManifestStep = ActivityManifestFile['steps'][number];

/** One step of an activity: its manifest entry with the step's schema file read in. */
export interface ActivityStepDefinition extends Omit<ManifestStep, 'schema'> {
  /** The step's file name in the folder, as the manifest names it. */
  file: string;
  schema: JsonSchema;
}

/** One activity folder, read and checked. */
export interface ActivityDefinition {
  /** The folder name, equal to manifest.id. */
  id: string;
  /** sha256 over the folder's files: stored with every application to say which text checked it. */
  version: string;
  manifest: ActivityManifestFile;
  steps: ActivityStepDefinition[];
}

/** Builds the definition from a checked folder (see checkActivityFolder); `version` is computed by the caller. */
export function toActivityDefinition(
  manifest: ActivityManifestFile,
  files: ReadonlyMap<string, unknown>,
  version: string,
): ActivityDefinition {
  return {
    id: manifest.id,
    version,
    manifest,
    steps: manifest.steps.map(({ schema: file, ...step }) => ({ ...step, file, schema: files.get(file) as JsonSchema })),
  };
}
