import { App, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { windowState } from '../../../shared/activity/activity-window';
import { isEditable } from '../../../shared/activity/application-status';
import type { ActivitySummary, ApplicationListItem } from '../../../shared/generated';
import { fetchActivities, fetchMyApplications, withdrawApplication } from '../../activities/activity-api';
import { applicationFormHref, applicationViewHref } from '../../activities/application-links';
import { ApplicationStatusTag } from '../../activities/status-tag';
import { useServerClock } from '../../activities/use-server-clock';
import { toastSuccess } from '../../api/notifier';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { formatDateTime } from '../../i18n/format-date-time';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePagedList } from '../../hooks/use-paged-list';

// Spec §9: default page 1, page size 10.
const PAGE_SIZE = 10;

// The applicant's own list has no filter: one fetch function for the life of the page.
const fetchMine = (pageNo: number) => fetchMyApplications(pageNo, PAGE_SIZE);

/** /activitiesFormList: the user's applications, their status and what can be done with each. */
export default function MyApplicationsPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const { modal } = App.useApp();
  const { clock } = useServerClock();
  const { pageNo, setPageNo, page, loading, failed, reload } = usePagedList(fetchMine);
  const [windows, setWindows] = useState<Map<string, ActivitySummary['window']>>(new Map());

  useEffect(() => {
    document.title = `${texts.myApplications} - ${texts.portalName}`;
  }, [texts]);

  useEffect(() => {
    // Withdrawing is allowed only while the window is open; the activities say when that is.
    fetchActivities().then(
      (activities) => setWindows(new Map(activities.map((activity) => [activity.id, activity.window]))),
      () => undefined,
    );
  }, []);

  const confirmWithdraw = (item: ApplicationListItem): void => {
    modal.confirm({
      title: texts.withdrawConfirmTitle,
      content: texts.withdrawConfirm,
      okText: texts.withdraw,
      cancelText: texts.cancel,
      onOk: async () => {
        await withdrawApplication(item.activityId);
        toastSuccess(texts.withdrawn);
        await reload();
      },
    });
  };

  const columns: ColumnsType<ApplicationListItem> = [
    { title: texts.columnActivity, dataIndex: 'activityTitle', key: 'activity' },
    { title: texts.columnStatus, key: 'status', render: (_, item) => <ApplicationStatusTag status={item.status} locale={locale} /> },
    { title: texts.columnUpdatedAt, key: 'updatedAt', render: (_, item) => formatDateTime(item.updatedAt) },
    { title: texts.columnSubmittedAt, key: 'submittedAt', render: (_, item) => formatDateTime(item.submittedAt) },
    {
      title: texts.columnActions,
      key: 'actions',
      render: (_, item) => {
        const activityWindow = windows.get(item.activityId);
        const canWithdraw = item.status === 'submitted' && (!activityWindow || windowState(activityWindow, clock()) === 'open');
        return (
          <Space size="small" wrap>
            {isEditable(item.status) && <Link to={applicationFormHref(item.activityId)}>{texts.continueFilling}</Link>}
            <Link to={applicationViewHref(item.activityId)}>{texts.view}</Link>
            {canWithdraw && (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => confirmWithdraw(item)}>
                {texts.withdraw}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{texts.myApplications}</Typography.Title>}>
      {failed && <LoadFailedAlert onRetry={() => void reload()} />}
      <Table<ApplicationListItem>
        className="kc-my-applications"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={page?.records ?? []}
        locale={{ emptyText: texts.noApplications }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      />
    </Card>
  );
}
