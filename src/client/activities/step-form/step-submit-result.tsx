import { Button, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { statusLabel, type ApplicationStatus } from '../../../shared/activity/application-status';
import type { Locale } from '../../../shared/i18n/locale';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { textsFor } from '../../i18n/texts';
import type { StepError } from './step-bar-state';
import { fieldLabelOf } from '../../engine/field-label-of';

export type AccountProblem = 'frozen' | 'notQualified';

export type SubmitResult =
  /** The submit was refused: field errors (the client's verdict or the server's) and/or an account problem. */
  { kind: 'failed'; errors: StepError[]; account?: AccountProblem | undefined } | { kind: 'succeeded'; status: ApplicationStatus };

export interface ResultStep {
  key: string;
  title: string;
  schema: JsonSchema;
}

export interface StepSubmitResultProps {
  result: SubmitResult;
  steps: readonly ResultStep[];
  locale: Locale;
  /** 返回修改: back to the first failing step. */
  onBack?: () => void;
  /** An error's link: back to its step, with the cursor in its field. */
  onOpenError?: (error: StepError) => void;
}

/** Where 立即解冻 and 立即升级 lead: the account centre's status and eligibility, which say how (spec §2, §8). */
export const UNFREEZE_HREF = '/account/center#account-status';
export const UPGRADE_HREF = '/account/center#qualification';
export const MY_APPLICATIONS_HREF = '/activitiesFormList';

function AccountProblemItem({ problem, locale }: { problem: AccountProblem; locale: Locale }) {
  const texts = textsFor(locale);
  const [text, action, href] =
    problem === 'frozen' ? [texts.accountFrozen, texts.unfreezeNow, UNFREEZE_HREF] : [texts.notQualified, texts.upgradeNow, UPGRADE_HREF];
  return (
    <li className="kc-submit-error kc-account-problem">
      <Typography.Text type="danger">{text}</Typography.Text> <Link to={href}>{action}</Link>
    </li>
  );
}

/**
 * The outcome of a submit, worded as spec §8's result texts: 提交失败, '请核对并修改以下信息后，再重新
 * 提交', and the box '您的提交有以下错误' listing each error as step, field and message (so nothing has
 * to be hunted for) and, where they apply, '您的账号已被冻结' (立即解冻) and '您的账号还未具备申报资格'
 * (立即升级); 返回修改 goes back to the first failing step. On success: the new status.
 */
export function StepSubmitResult({ result, steps, locale, onBack, onOpenError }: StepSubmitResultProps) {
  const texts = textsFor(locale);
  switch (result.kind) {
    case 'succeeded':
      return (
        <Result
          status="success"
          title={texts.submitSucceeded}
          subTitle={texts.submitSucceededStatus(statusLabel(result.status, locale))}
          extra={
            <Link to={MY_APPLICATIONS_HREF}>
              <Button type="primary">{texts.goToMyApplications}</Button>
            </Link>
          }
        />
      );
    case 'failed': {
      const byKey = new Map(steps.map((step) => [step.key, step]));
      return (
        <Result
          status="error"
          title={texts.submitFailed}
          subTitle={texts.submitFailedHint}
          extra={
            onBack && (
              <Button type="primary" onClick={onBack}>
                {texts.backToEdit}
              </Button>
            )
          }
        >
          <div className="kc-submit-errors">
            <Typography.Paragraph strong style={{ fontSize: 16 }}>
              {texts.submitErrorsTitle}
            </Typography.Paragraph>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.account && <AccountProblemItem problem={result.account} locale={locale} />}
              {result.errors.map((error, index) => {
                const step = byKey.get(error.step);
                const field = step ? fieldLabelOf(step.schema, error.path, locale) : error.path;
                const where = [step?.title ?? error.step, field].filter(Boolean).join(' · ');
                return (
                  <li key={`${error.step}\u0000${error.path}\u0000${error.keyword}\u0000${index}`} className="kc-submit-error">
                    {onOpenError && step ? (
                      <Button
                        type="link"
                        className="kc-submit-error-link"
                        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                        onClick={() => onOpenError(error)}
                      >
                        {where}
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">{where}</Typography.Text>
                    )}
                    {'：'}
                    <Typography.Text type="danger">{error.message}</Typography.Text>
                  </li>
                );
              })}
            </ul>
          </div>
        </Result>
      );
    }
  }
}
