import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { WorkbenchQueue } from '../../../shared/generated/workbench-queue';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useLoad } from '../../hooks/use-load';
import { formatDateTime } from '../../i18n/format-date-time';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useToken } from '../../session/session-store';
import { fetchDashboards } from '../dashboard/dashboard-api';
import { fetchWorkbench } from './workbench-api';
import { useWorkbenchTexts } from './workbench-texts';

function QueueList({ queues, empty }: { queues: readonly WorkbenchQueue[]; empty: string }) {
  const texts = useWorkbenchTexts();
  const now = Date.now();
  if (queues.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <List
      itemLayout="vertical"
      dataSource={[...queues]}
      rowKey={(queue) => `${queue.resource}/${queue.list}/${queue.state}`}
      renderItem={(queue) => (
        <List.Item className="kc-workbench-queue" data-queue={`${queue.resource}/${queue.list}/${queue.state}`}>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>{queue.title}</Typography.Text>
              <Typography.Text type="secondary">{queue.stateTitle}</Typography.Text>
              <Tag color={queue.count > 0 ? 'processing' : 'default'} className="kc-workbench-count">
                {texts.waiting(queue.count)}
              </Tag>
            </Space>
            {queue.oldestAt && (
              <Typography.Text type="secondary" className="kc-workbench-oldest">
                {texts.oldestSince(texts.age(now - Date.parse(queue.oldestAt)), formatDateTime(queue.oldestAt))}
              </Typography.Text>
            )}
            <Space wrap>
              <Link to={queue.href}>{texts.openList}</Link>
              {queue.oldestHref && (
                <Link to={queue.oldestHref} className="kc-workbench-open-oldest">
                  {texts.openOldest}
                </Link>
              )}
            </Space>
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * /workbench (工作台, issue 31): the queues the user works, as GET /api/workbench counts them from the
 * workflows and lists, each with how many wait, since when the oldest waits (Beijing time) and links to
 * the list filtered to them and to the oldest one; then the user's own records waiting for them.
 * Where staff land after a login.
 */
export default function WorkbenchPage() {
  const texts = useWorkbenchTexts();
  const locale = useLocale();
  const common = textsFor(locale);
  const token = useToken();
  const { value, failed, retry } = useLoad(fetchWorkbench, token ?? '');
  // The dashboards this user may see (ADR 0037): reached from here, where staff land.
  const dashboards = useLoad(fetchDashboards, `${token ?? ''}:${locale}`).value ?? [];

  useEffect(() => {
    document.title = `${texts.title} - ${common.portalName}`;
  }, [texts, common]);

  const nothing = value !== undefined && value.staff.length === 0 && value.own.length === 0;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} className="kc-workbench">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {texts.title}
      </Typography.Title>
      {failed && <LoadFailedAlert onRetry={retry} />}
      {!failed && value === undefined && <Card loading />}
      {nothing && (
        <Card>
          <Empty description={texts.noWork} />
        </Card>
      )}
      {value && value.staff.length > 0 && (
        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{texts.staffQueues}</h3>} className="kc-workbench-staff">
          <QueueList queues={value.staff} empty={texts.noStaffWork} />
        </Card>
      )}
      {dashboards.length > 0 && (
        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{texts.dashboards}</h3>} className="kc-workbench-dashboards">
          <List
            dataSource={dashboards}
            rowKey="name"
            renderItem={(entry) => (
              <List.Item>
                <List.Item.Meta title={<Link to={`/dashboards/${entry.name}`}>{entry.title}</Link>} description={entry.description} />
              </List.Item>
            )}
          />
        </Card>
      )}
      {value && value.own.length > 0 && (
        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{texts.ownQueues}</h3>} className="kc-workbench-own">
          <QueueList queues={value.own} empty={texts.noWork} />
        </Card>
      )}
    </Space>
  );
}
