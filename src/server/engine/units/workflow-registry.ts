import type { WorkflowFile } from '../../../shared/generated/workflow-file';
import { checkWorkflow } from '../../../shared/resource/check-workflow';
import { sharedWorkflowPath, WORKFLOW_SUFFIX, WORKFLOWS_SUBDIR } from '../../../shared/resource/shared-workflow-path';
import type { CompiledResource } from './compiled-resource';
import type { ResourceRegistry } from './resource-registry';
import { checkedJson, loadSingleFileUnits } from './single-file-units';
import type { UnitRegistry } from './unit-registry';

/** The meta-schema's pattern for resource.json's `workflow`: the file's stem. */
const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * A shared workflow that checked: its name, its file, and the folders that name it. After a check
 * (compile) these are the folders' candidates with it in place; live, the folders themselves.
 */
export interface CompiledWorkflow {
  name: string;
  workflow: WorkflowFile;
  folders: readonly CompiledResource[];
}

export type WorkflowRegistry = UnitRegistry<CompiledWorkflow>;

function parseWorkflow(name: string, text: string): WorkflowFile {
  return checkedJson(sharedWorkflowPath(name), text, (parsed) =>
    checkWorkflow(sharedWorkflowPath(name), parsed).map(({ pointer, message }) => ({ pointer, message })),
  ) as WorkflowFile;
}

/**
 * The shared workflows (`workflows/<name>.workflow.json`, ADR 0053) as studio units. One file is the
 * workflow of every folder whose resource.json names it, so a candidate is weighed as a publication of
 * each of those folders' workflow would be (ResourceRegistry.weighSharedWorkflow: across folders, what
 * the routes and modules take, the stored records and the roles), and a publication installs it in each
 * of them in place. Loaded after the resource folders, which read the same files at their start (a
 * broken shared workflow stops the start there, so every file compiles here).
 */
export async function loadWorkflowRegistry(schemasDir: string, resources: ResourceRegistry): Promise<WorkflowRegistry> {
  const { registry, textOf } = await loadSingleFileUnits<CompiledWorkflow>(schemasDir, {
    kind: 'workflow',
    subdir: WORKFLOWS_SUBDIR,
    suffix: WORKFLOW_SUFFIX,
    name: NAME,
    noun: '共享工作流',
    compile: (name, text) => ({ name, workflow: parseWorkflow(name, text), folders: resources.foldersSharing(name) }),
    // Who names it now: a folder may have moved to its own workflow.json since this version was installed.
    title: (unit) => {
      const folders = resources.foldersSharing(unit.name);
      return folders.length === 0
        ? `共享工作流 ${unit.name}（没有资源文件夹使用）`
        : `共享工作流 ${unit.name}（${folders.map((folder) => folder.resource.title).join('、')}）`;
    },
    preview: (unit) => ({
      name: unit.name,
      workflow: unit.workflow,
      folders: unit.folders.map((folder) => ({ name: folder.name, title: folder.resource.title })),
    }),
  });
  return {
    ...registry,
    // The file's own check first, then each folder that names it, with it in place.
    compile: async (name, texts) => {
      const workflow = parseWorkflow(name, textOf(name, texts));
      return { name, workflow, folders: await resources.weighSharedWorkflow(name, workflow) };
    },
    // The folders first: a candidate they refuse leaves the file's live text as it was too.
    install: (name, texts) => {
      resources.installSharedWorkflow(name, parseWorkflow(name, textOf(name, texts)));
      return registry.install(name, texts);
    },
    // What a publication of each folder does in the database (ADR 0045), with its candidate: nothing a workflow
    // changes needs it today, but a folder's publication effects are the folder's, whoever publishes its workflow.
    beforePublication: async (database, _name, unit, locale) => {
      for (const folder of unit.folders) await resources.beforePublication?.(database, folder.name, folder, locale);
    },
    inPublication: async (tx, _name, unit) => {
      for (const folder of unit.folders) await resources.inPublication?.(tx, folder.name, folder);
    },
  };
}
