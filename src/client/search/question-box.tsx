import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { answerHref } from './answer-api';
import { searchTextsFor } from './search-texts';

const QUESTION_MIN = 2;
const QUESTION_MAX = 200;

/** Asks a question: its answer opens at /home/aianswer. The rules are the call's own (2 to 200 characters). */
export function QuestionBox({ initial = '' }: { initial?: string }) {
  const texts = searchTextsFor(useLocale());
  const navigate = useNavigate();
  const [form] = Form.useForm<{ question: string }>();
  useEffect(() => form.setFieldsValue({ question: initial }), [form, initial]);
  return (
    <Form
      form={form}
      layout="vertical"
      className="kc-question-box"
      initialValues={{ question: initial }}
      onFinish={({ question }) => void navigate(answerHref(question.trim()))}
    >
      <Form.Item
        name="question"
        label={texts.questionLabel}
        rules={[
          { required: true, whitespace: true, message: texts.questionRequired },
          { min: QUESTION_MIN, message: texts.questionTooShort },
          { max: QUESTION_MAX, message: texts.questionTooLong },
        ]}
      >
        <Input.TextArea rows={3} placeholder={texts.questionPlaceholder} showCount maxLength={QUESTION_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {texts.ask}
      </Button>
    </Form>
  );
}
