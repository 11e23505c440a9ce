import { Tag } from 'antd';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import { stateTitle } from '../../shared/resource/workflow-rules';

/** A record's state as its workflow file names and colours it. */
export function WorkflowStateTag({ workflow, state, locale }: { workflow: WorkflowFile; state: string; locale: Locale }) {
  return (
    <Tag color={workflow.states[state]?.color ?? 'default'} className="kc-record-status">
      {stateTitle(workflow, state, locale)}
    </Tag>
  );
}
