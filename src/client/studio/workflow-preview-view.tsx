import { Space, Table, Tag, Typography } from 'antd';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import { stateTitle, transitionTitle, type WorkflowTransition } from '../../shared/resource/workflow-rules';
import type { StudioTexts } from './studio-texts';

/** What the server's workflow registry previews of a shared workflow's candidate (workflow-registry.ts preview). */
export interface WorkflowPreview {
  name: string;
  workflow: WorkflowFile;
  folders: { name: string; title: string }[];
}

const ACTOR_TEXTS = {
  owner: 'workflowActorOwner',
  reviewer: 'workflowActorReviewer',
  orgAdmin: 'workflowActorOrgAdmin',
  addressee: 'workflowActorAddressee',
  system: 'workflowActorSystem',
} as const satisfies Record<WorkflowTransition['actor'], keyof StudioTexts>;

interface Row {
  name: string;
  transition: WorkflowTransition;
}

/**
 * A shared workflow's candidate in the studio (ADR 0053): the folders it is published to, its states
 * in the preview's language, and each transition from where to where and by whom, so an author sees
 * the steps every one of those folders will offer.
 */
export function WorkflowPreviewView({ preview, locale, texts }: { preview: WorkflowPreview; locale: Locale; texts: StudioTexts }) {
  const { workflow } = preview;
  const state = (name: string) => stateTitle(workflow, name, locale);
  const rows: Row[] = Object.entries(workflow.transitions).flatMap(([name, transition]) => (transition ? [{ name, transition }] : []));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        {texts.workflowFolders}{' '}
        {preview.folders.length === 0
          ? texts.workflowNoFolders
          : preview.folders.map((folder) => <Tag key={folder.name}>{folder.title}</Tag>)}
      </Typography.Text>
      <Typography.Text>
        {texts.workflowStates}{' '}
        {Object.keys(workflow.states).map((name) => (
          <Tag key={name} color={workflow.states[name]?.color === 'default' ? undefined : workflow.states[name]?.color}>
            {state(name)}
            {name === workflow.initial ? ` · ${texts.workflowInitial}` : ''}
          </Tag>
        ))}
      </Typography.Text>
      <Table<Row>
        size="small"
        rowKey="name"
        pagination={false}
        caption={texts.workflowTransitionsCaption}
        dataSource={rows}
        columns={[
          { key: 'title', title: texts.workflowTransition, render: (_, row) => transitionTitle(workflow, row.name, locale) },
          { key: 'from', title: texts.workflowFrom, render: (_, row) => row.transition.from.map(state).join('、') },
          {
            key: 'to',
            title: texts.workflowTo,
            render: (_, row) => (row.transition.to === undefined ? texts.workflowStays : state(row.transition.to)),
          },
          { key: 'actor', title: texts.workflowActor, render: (_, row) => texts[ACTOR_TEXTS[row.transition.actor]] },
        ]}
      />
    </Space>
  );
}
