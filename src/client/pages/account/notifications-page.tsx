import { Button, Card, List, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Notification } from '../../../shared/generated/notification';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { formatDateTime } from '../../i18n/format-date-time';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationPage,
} from '../../notifications/notification-api';
import { notificationTextsFor } from '../../notifications/notification-texts';
import { refreshUnreadCount } from '../../notifications/unread-store';
import { useFeedback } from '../../feedback/use-feedback';

const PAGE_SIZE = 10;

type Order = 'unreadFirst' | 'newest';

/**
 * /account/notifications, 消息中心: the notices the workflows sent the user (workflow.json notify),
 * unread first by default, each with its time in Beijing time, a link to the record and 标为已读;
 * 全部标为已读 for the lot. The header's bell follows every change at once.
 */
export default function NotificationsPage() {
  const locale = useLocale();
  const texts = notificationTextsFor(locale);
  const english = locale === 'en-US';
  const { message } = useFeedback();
  const [pageNo, setPageNo] = useState(1);
  const [order, setOrder] = useState<Order>('unreadFirst');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState<NotificationPage>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string>();

  const load = useCallback(async (): Promise<void> => {
    setLoading(true);
    setFailed(false);
    try {
      setPage(await fetchNotifications({ pageNo, pageSize: PAGE_SIZE, order, ...(unreadOnly ? { unread: true } : {}) }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [pageNo, order, unreadOnly]);

  useEffect(() => {
    void load();
  }, [load]);

  const portalName = textsFor(locale).portalName;
  useEffect(() => {
    document.title = `${texts.title} - ${portalName}`;
  }, [texts.title, portalName]);

  // Following a notice's link reads it.
  const follow = (item: Notification): void => {
    if (!item.read) void markNotificationRead(item.id).then(refreshUnreadCount, () => undefined);
  };

  const markRead = async (item: Notification): Promise<void> => {
    setBusy(item.id);
    try {
      const updated = await markNotificationRead(item.id);
      if (updated)
        setPage((current) => current && { ...current, records: current.records.map((row) => (row.id === item.id ? updated : row)) });
      void refreshUnreadCount();
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(undefined);
    }
  };

  const markAll = async (): Promise<void> => {
    setBusy('all');
    try {
      const count = await markAllNotificationsRead();
      void message.success(texts.markedAllRead(count));
      void refreshUnreadCount();
      await load();
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="kc-notifications-page">
      <Card>
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {texts.title}
          </Typography.Title>
          <Typography.Text type="secondary">{texts.intro}</Typography.Text>
          <Space wrap>
            <Segmented<Order>
              aria-label={texts.title}
              value={order}
              options={[
                { label: texts.unreadFirst, value: 'unreadFirst' },
                { label: texts.newestFirst, value: 'newest' },
              ]}
              onChange={(value) => {
                setOrder(value);
                setPageNo(1);
              }}
            />
            <Space size="small">
              <Switch
                id="kc-notifications-unread-only"
                size="small"
                checked={unreadOnly}
                onChange={(checked) => {
                  setUnreadOnly(checked);
                  setPageNo(1);
                }}
              />
              <label htmlFor="kc-notifications-unread-only">{texts.unreadOnly}</label>
            </Space>
            <Button onClick={() => void markAll()} loading={busy === 'all'} disabled={!page || page.total === 0}>
              {texts.markAllRead}
            </Button>
          </Space>
        </Space>
      </Card>
      {failed && <LoadFailedAlert onRetry={() => void load()} />}
      <Card>
        <List<Notification>
          loading={loading}
          dataSource={failed ? [] : (page?.records ?? [])}
          locale={{ emptyText: texts.empty }}
          pagination={
            page && page.total > PAGE_SIZE
              ? {
                  current: pageNo,
                  pageSize: PAGE_SIZE,
                  total: page.total,
                  onChange: setPageNo,
                  showTotal: texts.total,
                  showSizeChanger: false,
                }
              : false
          }
          renderItem={(item) => (
            <List.Item
              className={item.read ? 'kc-notification' : 'kc-notification kc-notification-unread'}
              actions={[
                <Link key="open" to={item.href} onClick={() => follow(item)}>
                  {texts.open}
                </Link>,
                ...(item.read
                  ? []
                  : [
                      <Button key="read" type="link" size="small" loading={busy === item.id} onClick={() => void markRead(item)}>
                        {texts.markRead}
                      </Button>,
                    ]),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size="small" wrap>
                    {item.read ? <Tag>{texts.read}</Tag> : <Tag color="processing">{texts.unread}</Tag>}
                    <Typography.Text strong={!item.read}>{english ? item.titleEn : item.title}</Typography.Text>
                  </Space>
                }
                description={
                  <Space direction="vertical" size={2}>
                    <Typography.Text>{english ? item.bodyEn : item.body}</Typography.Text>
                    <Typography.Text type="secondary">
                      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                    </Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
