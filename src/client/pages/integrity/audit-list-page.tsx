import { Card, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { REVIEWABLE_STATUSES, statusLabel, type ApplicationStatus } from '../../../shared/activity/application-status';
import type { ApplicationListItem } from '../../../shared/generated';
import { auditDetailHref } from '../../activities/application-links';
import { fetchReviewList } from '../../activities/review-api';
import { ApplicationStatusTag } from '../../activities/status-tag';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { formatDateTime } from '../../i18n/format-date-time';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePagedList } from '../../hooks/use-paged-list';

// Spec §9: default page 1, page size 10.
const PAGE_SIZE = 10;
// The server lists applications once submitted; a draft is the applicant's own business.
// antd's Select cannot hold `undefined` as an option value; this stands for "every status".
const ALL = 'all';

/** /integrity/audit (科研诚信 > 审核管理): the submitted applications, by status, a page at a time. */
export default function AuditListPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const [status, setStatus] = useState<ApplicationStatus>();
  const fetchPage = useCallback((pageNo: number) => fetchReviewList({ pageNo, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }), [status]);
  const { pageNo, setPageNo, page, loading, failed, reload } = usePagedList(fetchPage);

  useEffect(() => {
    document.title = `${texts.audits} - ${texts.portalName}`;
  }, [texts]);

  const chooseStatus = (value: string): void => {
    setStatus(REVIEWABLE_STATUSES.find((entry) => entry === value));
    setPageNo(1);
  };

  const columns: ColumnsType<ApplicationListItem> = [
    { title: texts.columnActivity, dataIndex: 'activityTitle', key: 'activity' },
    { title: texts.columnApplicant, key: 'applicant', render: (_, item) => item.applicantName ?? '-' },
    { title: texts.columnStatus, key: 'status', render: (_, item) => <ApplicationStatusTag status={item.status} locale={locale} /> },
    { title: texts.columnSubmittedAt, key: 'submittedAt', render: (_, item) => formatDateTime(item.submittedAt) },
    { title: texts.columnUpdatedAt, key: 'updatedAt', render: (_, item) => formatDateTime(item.updatedAt) },
    { title: texts.columnActions, key: 'actions', render: (_, item) => <Link to={auditDetailHref(item.id)}>{texts.view}</Link> },
  ];
  const statusOptions = [
    { value: ALL, label: texts.allStatuses },
    ...REVIEWABLE_STATUSES.map((value) => ({ value, label: statusLabel(value, locale) })),
  ];

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{texts.audits}</Typography.Title>}
      extra={
        <Space>
          <Typography.Text>{texts.columnStatus}</Typography.Text>
          <Select className="kc-audit-status-filter" aria-label={texts.columnStatus} style={{ width: 160 }} value={status ?? ALL} options={statusOptions} onChange={chooseStatus} />
        </Space>
      }
    >
      {failed && <LoadFailedAlert onRetry={() => void reload()} />}
      <Table<ApplicationListItem>
        className="kc-audit-list"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={page?.records ?? []}
        locale={{ emptyText: texts.noReviewApplications }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      />
    </Card>
  );
}
