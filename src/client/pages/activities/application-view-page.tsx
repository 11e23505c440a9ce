import { Alert, Button, Result, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActivityDetail, ApplicationView } from '../../../shared/generated';
import type { Locale } from '../../../shared/i18n/locale';
import { applicationFormHref } from '../../../shared/activity/application-links';
import { ApplicationPage } from '../../activities/application-page';
import { localizedActivity } from '../../activities/localized-activity';
import { useApplicationData } from '../../activities/use-application-data';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { formatDateTime } from '../../i18n/format-date-time';
import { useReviewNote } from '../../activities/use-review-note';

/** /home/activities/applicationFormGroup?activityId=<id>: every step of the application, read-only. */
export default function ApplicationViewPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const [params] = useSearchParams();
  const activityId = params.get('activityId');
  const data = useApplicationData(activityId);

  useEffect(() => {
    document.title = `${texts.applicationDetail} - ${texts.portalName}`;
  }, [texts]);

  if (data.status === 'notFound') return <Result status="404" title={texts.activityNotFound} />;
  if (data.status === 'failed') return <Alert type="error" showIcon message={texts.formLoadFailed} />;
  if (data.status === 'loading') return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  const { activity, application } = data;
  if (!application) {
    return (
      <Result
        status="info"
        title={localizedActivity(activity, locale).title}
        subTitle={texts.noApplicationYet}
        extra={
          <Link to={applicationFormHref(activity.id)}>
            <Button type="primary">{texts.applyNow}</Button>
          </Link>
        }
      />
    );
  }
  return <ApplicationSteps activity={activity} application={application} locale={locale} />;
}

function ApplicationSteps({ activity, application, locale }: { activity: ActivityDetail; application: ApplicationView; locale: Locale }) {
  const texts = textsFor(locale);
  const reviewNote = useReviewNote(activity.id, application.status);
  return (
    <ApplicationPage
      activity={activity}
      application={application}
      locale={locale}
      className="kc-application-view"
      actions={
        application.editable && (
          <Link to={applicationFormHref(activity.id)}>
            <Button type="primary">{texts.continueFilling}</Button>
          </Link>
        )
      }
    >
      <Space wrap size="large">
        <Typography.Text type="secondary">
          {texts.columnUpdatedAt}：{formatDateTime(application.updatedAt)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {texts.columnSubmittedAt}：{formatDateTime(application.submittedAt)}
        </Typography.Text>
      </Space>
      {reviewNote && (
        <Alert
          type={application.status === 'rejected' ? 'error' : 'info'}
          showIcon
          className="kc-review-note"
          style={{ marginTop: 12 }}
          message={texts.reviewNoteShown(reviewNote)}
        />
      )}
    </ApplicationPage>
  );
}
