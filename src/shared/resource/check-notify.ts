import type { FolderProblem } from '../activity/check-activity-folder';
import type { ResourceFile } from '../generated/resource-file';
import type { WorkflowFile } from '../generated/workflow-file';
import type { JsonSchema } from '../schema/json-schema';
import { NOTICE_CONTEXT_NAMES, NOTIFYING_SOURCES, noticePlaceholders, reachedStates, reviewerTransitionsFrom } from './notify-template';

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * A workflow's `notify` against the folder that uses it (a shared workflow is checked once per
 * folder): the engine writes the notices, so a folder whose records a module keeps (unless that module
 * writes them too, NOTIFYING_SOURCES) and a system transition have none; each recipient exists for the folder; each placeholder names the transition's
 * context or a top-level text, number or yes/no field of the record, never an x-mask one (a personal
 * number would sit in a message, an SMS or a mail in full).
 */
export function checkNotify(
  resource: ResourceFile,
  record: JsonSchema | undefined,
  workflow: WorkflowFile,
  file: string,
  problems: FolderProblem[],
): void {
  const add = (pointer: string, message: string): void => void problems.push({ file, pointer, message });
  for (const [name, transition] of Object.entries(workflow.transitions)) {
    if (!transition?.notify) continue;
    const at = `/transitions/${name}/notify`;
    if (resource.source !== undefined && !NOTIFYING_SOURCES.includes(resource.source)) {
      add(at, `资源 "${resource.name}" 的记录由服务器模块 "${resource.source}" 保存，引擎不经手它的流转，notify 不会生效`);
      continue;
    }
    if (transition.actor === 'system') {
      add(at, `"${name}" 是系统操作（actor 为 "system"），由其他记录的流转带动，不能写 notify`);
      continue;
    }
    transition.notify.forEach((notice, index) => {
      const here = `${at}/${index}`;
      if (notice.to === 'orgAdmin' && resource.owner !== 'organisation')
        add(`${here}/to`, `通知单位管理员（orgAdmin）只适用于 owner 为 "organisation" 的资源（"${resource.name}" 的记录属于个人）`);
      if (notice.to === 'reviewers') {
        const queueless = reachedStates(transition).filter((state) => reviewerTransitionsFrom(workflow, state).length === 0);
        if (queueless.length > 0)
          add(
            `${here}/to`,
            `"${name}" 到达的状态 "${queueless.join('、')}" 没有审核人（actor 为 "reviewer"）的后续操作，没有可通知的审核人`,
          );
      }
      for (const key of ['message', 'messageEn'] as const) {
        for (const placeholder of noticePlaceholders(notice[key])) {
          if ((NOTICE_CONTEXT_NAMES as readonly string[]).includes(placeholder)) continue;
          const field = record?.properties?.[placeholder];
          if (!field || typeof field !== 'object')
            add(
              `${here}/${key}`,
              `占位符 {${placeholder}} 不是 record.schema.json 的顶层字段，也不是 ${NOTICE_CONTEXT_NAMES.map((n) => `{${n}}`).join('、')} 之一`,
            );
          else if (field['x-mask'] !== undefined || field['x-personal'] !== undefined)
            add(
              `${here}/${key}`,
              `占位符 {${placeholder}} 是带 ${field['x-mask'] !== undefined ? 'x-mask' : 'x-personal'} 的个人号码字段，不能写进通知（站内消息、短信和邮件会原样显示它）`,
            );
          else if (!SCALAR_TYPES.has(field.type))
            add(
              `${here}/${key}`,
              `占位符 {${placeholder}} 应是文本、数字或是否字段（"${placeholder}" 的类型是 ${JSON.stringify(field.type ?? '未写')}）`,
            );
        }
      }
    });
  }
}
