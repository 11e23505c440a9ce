import { Table, Typography } from 'antd';
import type { DashboardWidget } from '../../shared/generated/dashboard-file';
import type { StudioTexts } from './studio-texts';

/** What the server's dashboard registry previews of a candidate: its title and widgets (dashboard-registry.ts preview). */
export interface DashboardPreview {
  title: string;
  widgets: Pick<DashboardWidget, 'id' | 'kind' | 'title' | 'resource' | 'list'>[];
}

/**
 * A dashboard candidate in the studio: its widgets and the list each counts through. The figures depend
 * on who reads them (each viewer's lists), so the preview shows the plan, and the page after publishing the numbers.
 */
export function DashboardPreviewView({ preview, texts }: { preview: DashboardPreview; texts: StudioTexts }) {
  return (
    <div>
      <Typography.Title level={4}>{preview.title}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        caption={texts.dashboardPreviewCaption}
        dataSource={preview.widgets}
        columns={[
          { key: 'id', dataIndex: 'id', title: texts.widgetId },
          { key: 'kind', dataIndex: 'kind', title: texts.widgetKind },
          { key: 'title', dataIndex: 'title', title: texts.widgetTitle },
          {
            key: 'list',
            title: texts.widgetList,
            render: (_: unknown, widget: DashboardPreview['widgets'][number]) => `${widget.resource}/${widget.list}`,
          },
        ]}
      />
    </div>
  );
}
