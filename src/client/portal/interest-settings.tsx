import { Button, Card, Checkbox, Form, Skeleton } from 'antd';
import { useState } from 'react';
import type { RecordView } from '../../shared/generated/record-view';
import { dataProvider } from '../api/data-provider';
import { useLoad } from '../hooks/use-load';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { applyFieldErrors } from '../passport/apply-field-errors';
import { portalTextsFor } from './portal-texts';
import { useDictOptions } from './use-dict-labels';
import { useFeedback } from '../feedback/use-feedback';

const FIELDS = ['tags'] as const;

/**
 * 关注领域 in the account settings: the topics (dictionary article_tag) whose news and policies
 * /home/recominform shows first, kept as the user's one record of resources/interest.
 */
export function InterestSettings() {
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const { message } = useFeedback();
  const [form] = Form.useForm<{ tags: string[] }>();
  const options = useDictOptions('article_tag', locale);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mine = useLoad(
    () => dataProvider.getList('interest', 'mine', { pageNo: 1, pageSize: 1 }).then((page): RecordView | null => page.records[0] ?? null),
    `interest:${attempt}`,
  );

  const onFinish = async ({ tags }: { tags: string[] }) => {
    setSaving(true);
    try {
      const record = mine.value;
      if (record) await dataProvider.update('interest', record.id, record.version, { tags });
      else await dataProvider.create('interest', { tags });
      void message.success(texts.topicsSaved);
      setAttempt((n) => n + 1);
    } catch (failure) {
      applyFieldErrors(form, failure, FIELDS, textsFor(locale).requestFailed);
    } finally {
      setSaving(false);
    }
  };

  const initial = mine.value?.data['tags'];
  return (
    <Card title={texts.topicsTitle} className="kc-interest-settings">
      {mine.value === undefined && !mine.failed ? (
        <Skeleton active title={false} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void onFinish(values)}
          initialValues={{ tags: Array.isArray(initial) ? initial : [] }}
          key={mine.value?.version ?? 0}
        >
          <Form.Item name="tags" label={texts.topicsHint}>
            <Checkbox.Group options={options.map((option) => ({ value: option.value, label: option.label }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {texts.topicsSave}
          </Button>
        </Form>
      )}
    </Card>
  );
}
