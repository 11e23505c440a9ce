import { Alert, Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StepRoute } from '../../../shared/activity/activity-definition';
import { localizedActivity } from '../../activities/localized-activity';
import { useApplicationData } from '../../activities/use-application-data';
import { useServerClock } from '../../activities/use-server-clock';
import { initialStepIndex } from '../../activities/step-form/step-bar-state';
import type { StepFormProps } from '../../activities/step-form/step-form';
import { lazyWithTimeout } from '../../chunk/lazy-with-timeout';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';

// The step form brings Formily and the engine: its own chunk, asked for as this page loads and so
// fetched while the application's data is, never holding up the page's first paint (issue 16).
const loadStepForm = () => import('../../activities/step-form/step-form').then((module) => ({ default: module.StepForm }));
// A failure is reported when the page renders the form: lazyWithTimeout imports again and shows it.
loadStepForm().catch(() => undefined);
const StepForm = lazyWithTimeout<StepFormProps>(loadStepForm);

const SPIN = <Spin style={{ display: 'block', margin: '96px auto' }} />;
// Result's illustrations (≈ 9 KB) only for a wrong address, not on every form's first screen (issue 33).
const ActivityNotFound = lazyWithTimeout(() => import('./activity-not-found'));

function NotFound({ message }: { message: string }) {
  return (
    <Suspense fallback={SPIN}>
      <ActivityNotFound message={message} />
    </Suspense>
  );
}

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
  if (data.status === 'loading' || !ready) return SPIN;

  const { activity, application } = data;
  const index = initialStepIndex(activity.steps, { route, step: params.get('step'), currentStep: application?.currentStep });
  if (index === -1) return <NotFound message={texts.stepRouteNotFound} />;
  return (
    <Suspense fallback={SPIN}>
      <StepForm key={activity.id} activity={activity} application={application} initialIndex={index} now={clock} />
    </Suspense>
  );
}
