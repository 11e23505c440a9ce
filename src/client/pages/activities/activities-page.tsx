import { Alert, Button, Col, Empty, Row, Space, Spin, theme } from 'antd';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { windowState } from '../../../shared/activity/activity-window';
import { isEditable } from '../../../shared/activity/application-status';
import type { ActivitySummary, ApplicationListItem } from '../../../shared/generated';
import { fetchActivities, fetchMyApplications } from '../../activities/activity-api';
import { applicationFormHref, applicationViewHref } from '../../../shared/activity/application-links';
import { localizedActivity } from '../../activities/localized-activity';
import { ApplicationStatusTag, WindowStateTag } from '../../activities/status-tag';
import { useLoginPrompt } from '../../activities/use-login-prompt';
import { useServerClock } from '../../activities/use-server-clock';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { useToken } from '../../session/session-store';
import { formatDateTime } from '../../i18n/format-date-time';
import { ClampedText } from '../../components/clamped-text';
import { TitledBox } from '../../engine/titled-box';

// One application per user and activity: the first page of a generous size holds them all.
const MY_APPLICATIONS_PAGE = 100;

type Loaded = { activities: ActivitySummary[]; mine: Map<string, ApplicationListItem> };

/** The caller's applications by activity; none for an anonymous visitor (the list needs an account). */
async function fetchMine(loggedIn: boolean): Promise<Map<string, ApplicationListItem>> {
  if (!loggedIn) return new Map();
  // A failure (already notified by the HTTP client) still shows the activities; a 401 also ends
  // the stale session, and the page then shows itself as to a visitor.
  const page = await fetchMyApplications(1, MY_APPLICATIONS_PAGE).catch(() => undefined);
  return new Map((page?.records ?? []).map((item) => [item.activityId, item]));
}

/**
 * /activities: the activities with their window and its state (server time), and a way in. Public
 * (spec §1): a visitor browses them, and 立即申报 asks them to log in first.
 */
export default function ActivitiesPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const { clock } = useServerClock();
  const loggedIn = useToken() !== null;
  const { token: design } = theme.useToken();
  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = `${texts.activities} - ${texts.portalName}`;
  }, [texts]);

  useEffect(() => {
    let active = true;
    Promise.all([fetchActivities(), fetchMine(loggedIn)]).then(
      // A transition: drawing the cards yields to the browser between them (issue 33's TBT).
      ([activities, mine]) => active && startTransition(() => setLoaded({ activities, mine })),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [loggedIn]);

  // A search hit leads to /activities#activity-<id>: the card is there once the list has loaded.
  useEffect(() => {
    if (loaded && location.hash.startsWith('#activity-'))
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  if (failed) return <Alert type="error" showIcon message={texts.requestFailed} />;
  if (!loaded) return <Spin style={{ display: 'block', margin: '96px auto' }} />;

  return (
    <Row justify="center">
      <Col xs={24} lg={20} xl={16}>
        {/* Plain elements in antd Typography's look, from the theme's tokens: Typography brings Tooltip
            and TextArea for its editable text, 30 KB on a phone's first load (issue 33). */}
        <h3
          className="kc-activities-title"
          style={{
            color: design.colorTextHeading,
            fontSize: design.fontSizeHeading3,
            fontWeight: 600,
            lineHeight: design.lineHeightHeading3,
            margin: '0 0 0.5em',
          }}
        >
          {texts.activities}
        </h3>
        {loaded.activities.length === 0 && <Empty description={texts.noActivities} />}
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {loaded.activities.map((activity) => {
            const { title, summary } = localizedActivity(activity, locale);
            const state = windowState(activity.window, clock());
            const mine = loaded.mine.get(activity.id);
            // TitledBox, not Card: Card brings Tabs, its overflow menu and Skeleton, 4 requests and ≈ 29 KB
            // before this page's largest paint on a phone (issue 33).
            return (
              <TitledBox
                key={activity.id}
                className="kc-activity-card"
                id={`activity-${activity.id}`}
                data={{ 'data-activity-id': activity.id }}
                title={title}
                extra={<WindowStateTag state={state} locale={locale} />}
                actions={<ActivityAction activityId={activity.id} open={state === 'open'} mine={mine} loggedIn={loggedIn} />}
              >
                <ClampedText text={summary} rows={3} expand={texts.textExpand} collapse={texts.textCollapse} />
                <Space wrap>
                  <span className="kc-activity-window" style={{ color: design.colorTextSecondary }}>
                    {texts.activityWindow}：{formatDateTime(activity.window.opensAt)} ~ {formatDateTime(activity.window.closesAt)}
                  </span>
                  {mine && <ApplicationStatusTag status={mine.status} locale={locale} />}
                </Space>
              </TitledBox>
            );
          })}
        </Space>
      </Col>
    </Row>
  );
}

interface ActivityActionProps {
  activityId: string;
  open: boolean;
  mine: ApplicationListItem | undefined;
  loggedIn: boolean;
}

/**
 * 立即申报 for a new application (only while open), 继续填写 for an editable one, 查看 otherwise.
 * An anonymous visitor's 立即申报 asks to log in, and comes back here afterwards.
 */
function ActivityAction({ activityId, open, mine, loggedIn }: ActivityActionProps) {
  const texts = textsFor(useLocale());
  const askToLogIn = useLoginPrompt();
  if (!loggedIn) {
    return (
      <Button type="primary" disabled={!open} onClick={() => askToLogIn(texts.activityLoginConfirm)}>
        {texts.applyNow}
      </Button>
    );
  }
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
