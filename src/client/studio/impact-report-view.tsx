import { Alert, Space, Table, Tag, Typography } from 'antd';
import { statusLabel, isApplicationStatus } from '../../shared/activity/application-status';
import type { StudioImpactReport } from '../../shared/generated/studio-impact-report';
import type { Locale } from '../../shared/i18n/locale';
import { formatDateTime } from '../i18n/format-date-time';
import type { StudioTexts } from './studio-texts';

const label = (status: string, locale: Locale) => (isApplicationStatus(status) ? statusLabel(status, locale) : status);

/** Which stored records the change breaks, counted per status, each with its new errors. */
export function ImpactReportView({
  report,
  stale,
  texts,
  locale,
}: {
  report: StudioImpactReport;
  stale: boolean;
  texts: StudioTexts;
  locale: Locale;
}) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="impact-report">
      {stale && <Alert type="warning" showIcon message={texts.impactStale} />}
      <Alert type={report.failing > 0 ? 'warning' : 'success'} showIcon message={texts.impactSummary(report.checked, report.failing)} />
      <Space wrap>
        {report.byStatus.map((entry) => (
          <Tag key={entry.status} color={entry.failing > 0 ? 'red' : 'default'}>
            {label(entry.status, locale)}：{entry.failing} / {entry.checked}
          </Tag>
        ))}
      </Space>
      {report.truncated && <Alert type="info" showIcon message={texts.impactTruncated} />}
      {report.items.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={report.items}
          columns={[
            {
              title: texts.columnRecord,
              dataIndex: 'id',
              render: (id: string) => (
                <Typography.Text copyable code>
                  {id}
                </Typography.Text>
              ),
            },
            {
              title: texts.columnStatus,
              dataIndex: 'status',
              render: (status: string, item) => (
                <Space direction="vertical" size={0}>
                  {label(status, locale)}
                  {item.pinned && <Typography.Text type="secondary">{texts.pinnedHint}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: texts.columnErrors,
              dataIndex: 'errors',
              render: (errors: StudioImpactReport['items'][number]['errors']) => (
                <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                  {errors.map((error) => (
                    <li key={`${error.step ?? ''}.${error.path}`}>
                      <Typography.Text code>{error.step ? `${error.step}.${error.path}` : error.path}</Typography.Text> {error.message}
                    </li>
                  ))}
                </ul>
              ),
            },
            { title: texts.columnUpdated, dataIndex: 'updatedAt', render: (at: string) => formatDateTime(at) },
          ]}
        />
      )}
    </Space>
  );
}
