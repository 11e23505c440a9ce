/** The folder of the workflows several resource folders share (resource.json `"workflow": "<name>"`). */
export const WORKFLOWS_SUBDIR = 'workflows';
export const WORKFLOW_SUFFIX = '.workflow.json';

/** A shared workflow's file under the schemas folder: `workflows/<name>.workflow.json`. */
export function sharedWorkflowPath(name: string): string {
  return `${WORKFLOWS_SUBDIR}/${name}${WORKFLOW_SUFFIX}`;
}
