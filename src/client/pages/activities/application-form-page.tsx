import { Alert, Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { StepRoute } from '../../../shared/activity/activity-definition';
import { localizedActivity } from '../../activities/localized-activity';
import { useApplicationData } from '../../activities/use-application-data';
import { useServerClock } from '../../activities/use-server-clock';
import { initialStepIndex } from '../../activities/step-form/step-bar-state';
import { StepForm } from '../../activities/step-form/step-form';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';

export interface ApplicationFormPageProps {
  /** Set on the spec's step pages (/home/activities/teamInfoGroup …): open the step with this manifest route. */
  route?: StepRoute;
}

/**
 * /home/activities/applicationForm?activityId=<id>[&step=<key>] and the step pages: the step form
 * of the caller's application, opened on the step the URL names or where it was last saved.
 */
export default function ApplicationFormPage({ route }: ApplicationFormPageProps) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const [params] = useSearchParams();
  const activityId = params.get('activityId');
  const data = useApplicationData(activityId);
  const { clock, ready } = useServerClock();

  const title = data.status === 'ready' ? localizedActivity(data.activity, locale).title : texts.activities;
  useEffect(() => {
    document.title = `${title} - ${texts.portalName}`;
  }, [title, texts]);

  if (data.status === 'notFound') return <NotFound message={texts.activityNotFound} />;
  if (data.status === 'failed') return <Alert type="error" showIcon message={texts.formLoadFailed} />;
  if (data.status === 'loading' || !ready) return <Spin style={{ display: 'block', margin: '96px auto' }} />;

  const { activity, application } = data;
  const index = initialStepIndex(activity.steps, { route, step: params.get('step'), currentStep: application?.currentStep });
  if (index === -1) return <NotFound message={texts.stepRouteNotFound} />;
  return <StepForm key={activity.id} activity={activity} application={application} initialIndex={index} now={clock} />;
}

function NotFound({ message }: { message: string }) {
  const texts = textsFor(useLocale());
  return (
    <Result
      status="404"
      title={message}
      extra={
        <Link to="/activities">
          <Button type="primary">{texts.activities}</Button>
        </Link>
      }
    />
  );
}
