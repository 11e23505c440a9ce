import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { ApplicationView, ReviewRequest } from '../../../shared/generated';
import type { Locale } from '../../../shared/i18n/locale';
import { sendDecision } from '../../api/send-decision';
import { reviewApplication } from '../../activities/review-api';
import { textsFor, type Texts } from '../../i18n/texts';

type ReviewAction = ReviewRequest['action'];

// The review-request schema's limit, so the server never has to refuse a long note.
const NOTE_MAX_LENGTH = 500;

// In the order a reviewer reads them: the good outcome first, the final refusal last.
const ACTIONS: readonly ReviewAction[] = ['approve', 'return', 'reject'];

function actionText(action: ReviewAction, texts: Texts): string {
  return { approve: texts.reviewApprove, return: texts.reviewReturn, reject: texts.reviewReject }[action];
}

/** A return or a rejection must tell the applicant why; an approval may go without a word. */
function noteRequired(action: ReviewAction): boolean {
  return action !== 'approve';
}

export interface ReviewActionsProps {
  application: ApplicationView;
  locale: Locale;
  /** The review went through: the application as the server now has it. */
  onReviewed: (application: ApplicationView) => void;
  /** Someone else changed the application first (409): the page loads it again. */
  onStale: () => void;
}

/**
 * 通过 / 退回修改 / 不予通过 for a submitted application: each asks for confirmation with the review
 * note, then posts the review at the version on screen, so a review never lands on a version the
 * reviewer has not seen. The caller puts this under the action directive (update).
 */
export function ReviewActions({ application, locale, onReviewed, onStale }: ReviewActionsProps) {
  const texts = textsFor(locale);
  const [form] = Form.useForm<{ note?: string }>();
  const [action, setAction] = useState<ReviewAction>();
  const [submitting, setSubmitting] = useState(false);

  if (application.status !== 'submitted') return <Typography.Text type="secondary">{texts.reviewOnlySubmitted}</Typography.Text>;

  const submit = async (chosen: ReviewAction): Promise<void> => {
    const { note } = await form.validateFields();
    const trimmed = note?.trim();
    await sendDecision({
      send: () =>
        reviewApplication({
          applicationId: application.id,
          action: chosen,
          version: application.version,
          ...(trimmed ? { note: trimmed } : {}),
        }),
      close: () => setAction(undefined),
      onDone: (result) => onReviewed(result.application),
      onStale,
      // versionConflict or a status that no longer allows it: either way, what is on screen is old.
      conflict: { reason: 'versionConflict', text: texts.reviewConflict },
      failedText: texts.requestFailed,
      setBusy: setSubmitting,
    });
  };

  const open = (chosen: ReviewAction): void => {
    form.resetFields();
    setAction(chosen);
  };

  return (
    <>
      <Space wrap className="kc-review-actions">
        {ACTIONS.map((entry) => (
          <Button key={entry} type={entry === 'approve' ? 'primary' : 'default'} danger={entry === 'reject'} onClick={() => open(entry)}>
            {actionText(entry, texts)}
          </Button>
        ))}
      </Space>
      <Modal
        open={action !== undefined}
        className="kc-review-modal"
        title={action ? texts.reviewConfirmTitle(actionText(action, texts)) : undefined}
        okText={texts.ok}
        cancelText={texts.cancel}
        okButtonProps={{ danger: action === 'reject', loading: submitting }}
        cancelButtonProps={{ disabled: submitting }}
        maskClosable={!submitting}
        closable={!submitting}
        // Rendered while closed too, so the form instance is always connected to its Form.
        forceRender
        onOk={() => action && void submit(action).catch(() => undefined)}
        onCancel={() => setAction(undefined)}
      >
        <Typography.Paragraph>{texts.reviewConfirmContent}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            name="note"
            label={texts.reviewNote}
            rules={action && noteRequired(action) ? [{ required: true, whitespace: true, message: texts.reviewNoteRequired }] : []}
          >
            <Input.TextArea
              rows={4}
              maxLength={NOTE_MAX_LENGTH}
              showCount
              placeholder={action && !noteRequired(action) ? texts.reviewNoteOptional : texts.reviewNoteRequired}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
