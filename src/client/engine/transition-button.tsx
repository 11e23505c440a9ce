import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { RecordView } from '../../shared/generated/record-view';
import type { WorkflowFile } from '../../shared/generated/workflow-file';
import type { Locale } from '../../shared/i18n/locale';
import { fillTemplate } from '../../shared/i18n/fill-template';
import { findTransition, transitionTitle } from '../../shared/resource/workflow-rules';
import { dataProvider } from '../api/data-provider';
import { sendDecision } from '../api/send-decision';
import { textsFor } from '../i18n/texts';

// The transition request schema's limit, so the server never has to refuse a long note.
const NOTE_MAX_LENGTH = 500;

export interface TransitionButtonProps {
  resource: string;
  workflow: WorkflowFile;
  name: string;
  record: Pick<RecordView, 'id' | 'version'>;
  locale: Locale;
  /** A link-style button in a table row; a normal one on the detail page. */
  compact?: boolean;
  onDone: (record: RecordView) => void;
  /** Someone else changed the record first (409): the caller loads it again. */
  onStale: () => void;
}

/**
 * One workflow transition: asks for confirmation, with the note the workflow asks for (required
 * ones are checked before sending), then posts it at the version on screen, so a decision never
 * lands on a version the user has not seen.
 */
export function TransitionButton({ resource, workflow, name, record, locale, compact, onDone, onStale }: TransitionButtonProps) {
  const texts = textsFor(locale);
  const [form] = Form.useForm<{ note?: string }>();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const transition = findTransition(workflow, name);
  if (!transition) return null;
  const title = transitionTitle(workflow, name, locale);
  const note = transition.note ?? 'none';

  const submit = async (): Promise<void> => {
    const values: { note?: string } = note === 'none' ? {} : await form.validateFields();
    await sendDecision({
      send: () => dataProvider.transition(resource, name, record.id, record.version, values.note?.trim() || undefined),
      close: () => setOpen(false),
      onDone: (result) => onDone(result.record),
      onStale,
      conflict: { reason: 'recordVersionConflict', text: texts.recordConflict },
      onFieldErrors: (messages) => form.setFields([{ name: 'note', errors: messages }]),
      failedText: texts.requestFailed,
      setBusy: setSending,
    });
  };

  return (
    <>
      <Button
        type={compact ? 'link' : transition.actor === 'reviewer' && name === 'approve' ? 'primary' : 'default'}
        size={compact ? 'small' : 'middle'}
        style={compact ? { padding: 0 } : undefined}
        className={`kc-transition kc-transition-${name}`}
        onClick={() => {
          if (note !== 'none') form.resetFields();
          setOpen(true);
        }}
      >
        {title}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={title}
        cancelText={texts.cancel}
        confirmLoading={sending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{fillTemplate(texts.transitionConfirm, { action: title })}</Typography.Paragraph>
        {note !== 'none' && (
          <Form form={form} layout="vertical">
            <Form.Item
              name="note"
              label={texts.recordNote}
              rules={note === 'required' ? [{ required: true, whitespace: true, message: texts.recordNotePlaceholder }] : []}
            >
              <Input.TextArea rows={3} maxLength={NOTE_MAX_LENGTH} showCount placeholder={texts.recordNotePlaceholder} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
