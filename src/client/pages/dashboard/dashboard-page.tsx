import { Card, Empty, List, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { registerPageTitle } from '../../hooks/page-title-store';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useToken } from '../../session/session-store';
import { fetchDashboard, fetchDashboards } from './dashboard-api';
import { useDashboardTexts } from './dashboard-texts';
import { WidgetCard } from './widget-card';
import './dashboard.css';

/** /dashboards: the dashboards the user may see, each with how many of its widgets are theirs. */
function DashboardList() {
  const texts = useDashboardTexts();
  const locale = useLocale();
  const { value, failed, retry } = useLoad(fetchDashboards, `${useToken() ?? ''}:${locale}`);
  return (
    <>
      {failed && <LoadFailedAlert onRetry={retry} />}
      {!failed && value === undefined && <Card loading />}
      {value && value.length === 0 && (
        <Card>
          <Empty description={texts.none} />
        </Card>
      )}
      {value && value.length > 0 && (
        <Card>
          <Typography.Paragraph type="secondary">{texts.intro}</Typography.Paragraph>
          <List
            dataSource={value}
            rowKey="name"
            renderItem={(entry) => (
              <List.Item className="kc-dashboard-entry">
                <List.Item.Meta
                  title={<Link to={`/dashboards/${entry.name}`}>{entry.title}</Link>}
                  description={`${entry.description ?? ''}${entry.description ? ' · ' : ''}${texts.widgets(entry.widgets)}`}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
    </>
  );
}

/**
 * /dashboards (统计看板) and /dashboards/:name (ADR 0037): one dashboard's widgets as the server counted
 * them over the records the user may read, each a chart with its table and its figures to download.
 */
export default function DashboardPage() {
  const { name } = useParams();
  const texts = useDashboardTexts();
  const locale = useLocale();
  const common = textsFor(locale);
  const token = useToken() ?? '';
  const load = useLoad(() => (name ? fetchDashboard(name) : Promise.resolve(undefined)), `${token}:${locale}:${name ?? ''}`);
  const dashboard = load.value;
  const title = name ? (dashboard?.title ?? texts.title) : texts.title;

  useEffect(() => {
    document.title = `${title} - ${common.portalName}`;
    // The tab keeps the dashboard's title after a reload (page-title-store); it follows the language at the next visit.
    if (name && dashboard) registerPageTitle(`/dashboards/${name}`, { 'zh-CN': dashboard.title, 'en-US': dashboard.title });
  }, [title, common, name, dashboard]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} className="kc-dashboard">
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {dashboard?.description && <Typography.Text type="secondary">{dashboard.description}</Typography.Text>}
      </div>
      {!name && <DashboardList />}
      {name && (
        <>
          <Link to="/dashboards">{texts.back}</Link>
          {load.failed && <LoadFailedAlert onRetry={load.retry} />}
          {!load.failed && dashboard === undefined && <Card loading />}
          {dashboard && (
            <div className="kc-dashboard-grid">
              {dashboard.widgets.map((figures) => (
                <WidgetCard key={figures.id} figures={figures} texts={texts} />
              ))}
            </div>
          )}
        </>
      )}
    </Space>
  );
}
