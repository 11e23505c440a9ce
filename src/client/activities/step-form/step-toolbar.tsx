import { Button, Space } from 'antd';
import type { Texts } from '../../i18n/texts';

export interface StepToolbarProps {
  isFirst: boolean;
  isLast: boolean;
  editable: boolean;
  /** A save is running that the applicant did not start with 提交申报. */
  saving: boolean;
  submitting: boolean;
  /** Saving is paused (a conflict): 保存草稿 and 提交申报 wait for the reload. */
  paused: boolean;
  /** Outside the window (the client's or the server's verdict): 提交申报 is disabled. */
  submitDisabled: boolean;
  onPrev: () => void;
  onSaveDraft: () => void;
  onNext: () => void;
  onSubmit: () => void;
  texts: Texts;
}

/** 上一步 / 保存草稿 / 下一步 or, on the last step, 提交申报; a read-only application only moves. */
export function StepToolbar(props: StepToolbarProps) {
  const { isFirst, isLast, editable, saving, submitting, paused, submitDisabled, texts } = props;
  return (
    <Space className="kc-step-actions" style={{ display: 'flex', justifyContent: 'center', marginTop: 24 }} wrap>
      <Button disabled={isFirst} onClick={props.onPrev}>
        {texts.prevStep}
      </Button>
      {editable && (
        <Button loading={saving && !submitting} disabled={paused} onClick={props.onSaveDraft}>
          {texts.saveDraft}
        </Button>
      )}
      {!isLast && (
        <Button type="primary" onClick={props.onNext}>
          {texts.nextStep}
        </Button>
      )}
      {isLast && editable && (
        <Button type="primary" loading={submitting} disabled={submitDisabled || paused} onClick={props.onSubmit}>
          {texts.submitApplication}
        </Button>
      )}
    </Space>
  );
}
