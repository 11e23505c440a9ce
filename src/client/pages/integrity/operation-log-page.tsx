import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { AUDIT_EVENTS, AUDIT_RESULTS, auditEventLabel, auditObjectLabel, auditResultLabel, type AuditEvent, type AuditResult } from '../../../shared/audit/audit-events';
import type { AuditLogRecord } from '../../../shared/generated';
import { formatDateTime } from '../../i18n/format-date-time';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { fetchAuditLog } from '../../integrity/audit-log-api';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePagedList } from '../../hooks/use-paged-list';

// Spec §9: default page 1, page size 10.
const PAGE_SIZE = 10;
// antd's Select cannot hold `undefined` as an option value; this stands for "no filter".
const ALL = 'all';

interface Filter {
  event?: AuditEvent;
  result?: AuditResult;
  username?: string;
}

/** /integrity/log (科研诚信 > 操作日志): the security audit log, newest first, filtered and paged. */
export default function OperationLogPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const [filter, setFilter] = useState<Filter>({});
  const fetchPage = useCallback((pageNo: number) => fetchAuditLog({ pageNo, pageSize: PAGE_SIZE, ...filter }), [filter]);
  const { pageNo, setPageNo, page, loading, failed, reload } = usePagedList(fetchPage);

  useEffect(() => {
    document.title = `${texts.operationLogs} - ${texts.portalName}`;
  }, [texts]);

  // A new filter starts again from page 1; an empty choice removes that filter.
  const refine = (change: { [K in keyof Filter]?: Filter[K] | undefined }): void => {
    const merged = { ...filter, ...change };
    const next: Filter = {};
    if (merged.event) next.event = merged.event;
    if (merged.result) next.result = merged.result;
    if (merged.username) next.username = merged.username;
    setFilter(next);
    setPageNo(1);
  };

  const columns: ColumnsType<AuditLogRecord> = [
    { title: texts.columnTime, key: 'at', width: 170, render: (_, record) => formatDateTime(record.at, '-', 'second') },
    { title: texts.columnUser, key: 'user', render: (_, record) => record.username ?? '-' },
    { title: texts.columnEvent, key: 'event', render: (_, record) => auditEventLabel(record.event, locale) },
    {
      title: texts.columnObject,
      key: 'object',
      render: (_, record) => (record.objectType ? `${auditObjectLabel(record.objectType, locale)} ${record.objectId ?? ''}`.trim() : '-'),
    },
    {
      title: texts.columnResult,
      key: 'result',
      render: (_, record) => (
        <Tag color={record.result === 'success' ? 'success' : 'error'} className="kc-audit-result">
          {auditResultLabel(record.result, locale)}
        </Tag>
      ),
    },
    { title: texts.columnReason, key: 'reason', render: (_, record) => record.reason ?? '-' },
    { title: texts.columnIp, dataIndex: 'ip', key: 'ip' },
  ];
  const eventOptions = [{ value: ALL, label: texts.allEvents }, ...AUDIT_EVENTS.map((value) => ({ value, label: auditEventLabel(value, locale) }))];
  const resultOptions = [{ value: ALL, label: texts.allResults }, ...AUDIT_RESULTS.map((value) => ({ value, label: auditResultLabel(value, locale) }))];

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{texts.operationLogs}</Typography.Title>}
      extra={
        <Space wrap>
          <Select
            className="kc-log-event-filter"
            aria-label={texts.columnEvent}
            style={{ width: 180 }}
            value={filter.event ?? ALL}
            options={eventOptions}
            onChange={(value: string) => refine({ event: AUDIT_EVENTS.find((entry) => entry === value) })}
          />
          <Select
            className="kc-log-result-filter"
            aria-label={texts.columnResult}
            style={{ width: 120 }}
            value={filter.result ?? ALL}
            options={resultOptions}
            onChange={(value: string) => refine({ result: AUDIT_RESULTS.find((entry) => entry === value) })}
          />
          <Input.Search
            className="kc-log-username-filter"
            aria-label={texts.searchUsername}
            placeholder={texts.searchUsername}
            allowClear
            maxLength={64}
            style={{ width: 200 }}
            onSearch={(value) => refine({ username: value.trim() || undefined })}
          />
        </Space>
      }
    >
      {failed && <LoadFailedAlert onRetry={() => void reload()} />}
      <Table<AuditLogRecord>
        className="kc-operation-log"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={page?.records ?? []}
        locale={{ emptyText: texts.noAuditRecords }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      />
    </Card>
  );
}
