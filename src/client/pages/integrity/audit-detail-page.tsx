import { Alert, Button, Card, Descriptions, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActivityDetail, ApplicationView } from '../../../shared/generated';
import { fetchActivity } from '../../activities/activity-api';
import { AUDIT_LIST_PATH } from '../../../shared/activity/application-links';
import { ApplicationPage } from '../../activities/application-page';
import { fetchReviewDetail, fetchUnmaskedReviewDetail } from '../../activities/review-api';
import { showsMaskedValues } from '../../../shared/activity/mask-application-data';
import { isJsonSchema } from '../../../shared/schema/json-schema';
import { UnmaskButton } from '../../engine/unmask-button';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../api/notifier';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { layoutTextsFor } from '../../layout/layout-texts';
import { Action } from '../../permissions/action';
import { ExceptionResult } from '../exception/exception-result';
import { ReviewActions } from './review-actions';
import { StatusHistory } from './status-history';
import { formatDateTime } from '../../i18n/format-date-time';

type DetailState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'forbidden' }
  | { status: 'failed' }
  /** unmasked: the application shown is the audited view with its personal fields in full (SECURITY R35). */
  | { status: 'ready'; application: ApplicationView; activity: ActivityDetail; unmasked?: boolean };

function failureState(error: unknown): DetailState {
  if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
  // A malformed id is refused by the query schema (400); to the reviewer it is the same missing application.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { status: 'notFound' };
  return { status: 'failed' };
}

/**
 * /integrity/audit/detail?id=<applicationId>: one submitted application as a reviewer sees it, every
 * step read-only, its history, and (for those whose route entry grants update) the review actions.
 */
export default function AuditDetailPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const [params] = useSearchParams();
  const id = params.get('id');
  const [state, setState] = useState<DetailState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Only the newest load may set the state: a reload after a review must not be overtaken by an older one.
  const latest = useRef(0);

  useEffect(() => {
    document.title = `${texts.auditDetail} - ${texts.portalName}`;
  }, [texts]);

  useEffect(() => {
    const current = ++latest.current;
    if (!id) {
      setState({ status: 'notFound' });
      return;
    }
    setState({ status: 'loading' });
    fetchReviewDetail(id)
      .then(async (application) => ({ application, activity: await fetchActivity(application.activityId) }))
      .then(
        (ready) => current === latest.current && setState({ status: 'ready', ...ready }),
        (error: unknown) => current === latest.current && setState(failureState(error)),
      );
  }, [id, attempt]);

  /** Loads the application again in place (after a review, or when someone else was first). */
  const refresh = useCallback((): void => {
    if (!id) return;
    const current = ++latest.current;
    fetchReviewDetail(id).then(
      (application) =>
        current === latest.current &&
        setState((previous) => (previous.status === 'ready' ? { ...previous, application, unmasked: false } : previous)),
      () => current === latest.current && notifyError(texts.requestFailed),
    );
  }, [id, texts]);

  const reviewed = useCallback((application: ApplicationView): void => {
    // The answer is the new state, with the history entry the review made (masked again: a new view, a new unmask).
    setState((previous) => (previous.status === 'ready' ? { ...previous, application, unmasked: false } : previous));
  }, []);

  const showUnmasked = useCallback((application: ApplicationView): void => {
    setState((previous) => (previous.status === 'ready' ? { ...previous, application, unmasked: true } : previous));
  }, []);

  const back = (
    <Link to={AUDIT_LIST_PATH}>
      <Button>{texts.backToList}</Button>
    </Link>
  );
  if (state.status === 'loading') return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  if (state.status === 'notFound') return <Result status="404" title={texts.applicationNotFound} extra={back} />;
  if (state.status === 'forbidden') return <ExceptionResult status="403" subTitle={layoutTextsFor(locale).forbidden} />;
  if (state.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        message={texts.formLoadFailed}
        action={
          <Button size="small" onClick={() => setAttempt((count) => count + 1)}>
            {texts.reload}
          </Button>
        }
      />
    );
  }

  const { application, activity } = state;
  const history = application.history;
  const steps = activity.steps.flatMap((step) => (isJsonSchema(step.schema) ? [{ key: step.key, schema: step.schema }] : []));
  // Offered while a personal value reads masked, to a holder of application.unmask; the note stays once it is shown.
  const masked = state.unmasked === true || showsMaskedValues(steps, application.data);
  return (
    <ApplicationPage
      activity={activity}
      application={application}
      locale={locale}
      className="kc-audit-detail"
      actions={back}
      beforeSteps={
        history &&
        history.length > 0 && (
          <Card title={texts.statusHistory}>
            <StatusHistory history={history} locale={locale} />
          </Card>
        )
      }
    >
      {masked && (
        <Action name="unmask">
          <UnmaskButton
            unmask={() => fetchUnmaskedReviewDetail(application.id)}
            locale={locale}
            shown={state.unmasked === true}
            onUnmasked={showUnmasked}
          />
        </Action>
      )}
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} className="kc-audit-info">
        <Descriptions.Item label={texts.columnApplicant}>{application.applicantName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={texts.columnCreatedAt}>{formatDateTime(application.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={texts.columnSubmittedAt}>{formatDateTime(application.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={texts.columnUpdatedAt}>{formatDateTime(application.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Action name="update">
        <ReviewActions application={application} locale={locale} onReviewed={reviewed} onStale={refresh} />
      </Action>
    </ApplicationPage>
  );
}
