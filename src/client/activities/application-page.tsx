import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import type { ActivityDetail, ApplicationView } from '../../shared/generated';
import type { Locale } from '../../shared/i18n/locale';
import { ApplicationStepCards } from './application-step-cards';
import { localizedActivity } from './localized-activity';
import { ApplicationStatusTag } from './status-tag';

export interface ApplicationPageProps {
  activity: ActivityDetail;
  application: ApplicationView;
  locale: Locale;
  className: string;
  /** Beside the status tag: continue filling, back to the list. */
  actions: ReactNode;
  /** The summary card's body. */
  children: ReactNode;
  /** Between the summary card and the steps, e.g. the status history. */
  beforeSteps?: ReactNode;
}

/** One application read-only, as its applicant and its reviewer see it: a summary card, then every step. */
export function ApplicationPage({ activity, application, locale, className, actions, children, beforeSteps }: ApplicationPageProps) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className={className}>
      <Card
        title={localizedActivity(activity, locale).title}
        extra={
          <Space>
            <ApplicationStatusTag status={application.status} locale={locale} />
            {actions}
          </Space>
        }
      >
        {children}
      </Card>
      {beforeSteps}
      <ApplicationStepCards activity={activity} application={application} locale={locale} />
    </Space>
  );
}
