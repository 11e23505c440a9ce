import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { windowState } from '../../../shared/activity/activity-window';
import { isEditable } from '../../../shared/activity/application-status';
import type { ActivitySummary, ApplicationListItem } from '../../../shared/generated';
import { fetchActivities, fetchMyApplications } from '../../activities/activity-api';
import { applicationFormHref, applicationViewHref } from '../../activities/application-links';
import { localizedActivity } from '../../activities/localized-activity';
import { ApplicationStatusTag, WindowStateTag } from '../../activities/status-tag';
import { useServerClock } from '../../activities/use-server-clock';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';

// One application per user and activity: the first page of a generous size holds them all.
const MY_APPLICATIONS_PAGE = 100;

type Loaded = { activities: ActivitySummary[]; mine: Map<string, ApplicationListItem> };

/** /activities: the activities with their window and its state (server time), and a way in. */
export default function ActivitiesPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const { clock } = useServerClock();
  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = `${texts.activities} - ${texts.portalName}`;
  }, [texts]);

  useEffect(() => {
    let active = true;
    Promise.all([fetchActivities(), fetchMyApplications(1, MY_APPLICATIONS_PAGE)]).then(
      ([activities, page]) => active && setLoaded({ activities, mine: new Map(page.records.map((item) => [item.activityId, item])) }),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);

  if (failed) return <Alert type="error" showIcon message={texts.requestFailed} />;
  if (!loaded) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  const format = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');

  return (
    <Row justify="center">
      <Col xs={24} lg={20} xl={16}>
        <Typography.Title level={3}>{texts.activities}</Typography.Title>
        {loaded.activities.length === 0 && <Empty description={texts.noActivities} />}
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {loaded.activities.map((activity) => {
            const { title, summary } = localizedActivity(activity, locale);
            const state = windowState(activity.window, clock());
            const mine = loaded.mine.get(activity.id);
            return (
              <Card
                key={activity.id}
                className="kc-activity-card"
                data-activity-id={activity.id}
                title={title}
                extra={<WindowStateTag state={state} locale={locale} />}
                actions={[<ActivityAction key="action" activityId={activity.id} open={state === 'open'} mine={mine} />]}
              >
                <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }}>{summary}</Typography.Paragraph>
                <Space wrap>
                  <Typography.Text type="secondary">
                    {texts.activityWindow}：{format(activity.window.opensAt)} ~ {format(activity.window.closesAt)}
                  </Typography.Text>
                  {mine && <ApplicationStatusTag status={mine.status} locale={locale} />}
                </Space>
              </Card>
            );
          })}
        </Space>
      </Col>
    </Row>
  );
}

/** 立即申报 for a new application (only while open), 继续填写 for an editable one, 查看 otherwise. */
function ActivityAction({ activityId, open, mine }: { activityId: string; open: boolean; mine: ApplicationListItem | undefined }) {
  const texts = textsFor(useLocale());
  if (!mine) {
    return open ? (
      <Link to={applicationFormHref(activityId)}>
        <Button type="primary">{texts.applyNow}</Button>
      </Link>
    ) : (
      <Button type="primary" disabled>
        {texts.applyNow}
      </Button>
    );
  }
  if (isEditable(mine.status)) {
    return (
      <Link to={applicationFormHref(activityId)}>
        <Button type="primary">{texts.continueFilling}</Button>
      </Link>
    );
  }
  return (
    <Link to={applicationViewHref(activityId)}>
      <Button>{texts.view}</Button>
    </Link>
  );
}
