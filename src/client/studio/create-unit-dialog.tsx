import { App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import type { StudioCreateRequest, StudioUnit, StudioUnitSummary } from '../../shared/generated';
import type { Locale } from '../../shared/i18n/locale';
import { ACTIVITY_TEMPLATES } from '../../shared/studio/activity-templates';
import { FORM_TEMPLATES } from '../../shared/studio/form-templates';
import { createUnit } from './studio-api';
import type { StudioTexts } from './studio-texts';
import type { NewUnitKind } from './use-creatable-kinds';

type Kind = NewUnitKind;
type Start = 'blank' | 'template' | 'copy';

interface Values {
  kind: Kind;
  name: string;
  title: string;
  start: Start;
  template?: string;
  copy?: string;
  note?: string;
}

// The server's rule (create-unit.ts), checked here too so the author sees it before sending.
const NAME_PATTERN: Readonly<Record<Kind, RegExp>> = {
  activity: /^[a-z][a-z0-9-]{1,63}$/,
  form: /^[a-z][a-z0-9-]{0,63}$/,
  dictionary: /^[a-z][a-z0-9_]{0,63}$/,
};

function fromOf(values: Values): StudioCreateRequest['from'] {
  if (values.start === 'template') return { template: values.template ?? '' };
  if (values.start === 'copy') return { copy: values.copy ?? '' };
  return { blank: true };
}

/**
 * 新建 (ADR 0040): a new activity or form, from a blank one, a template or a copy of one that exists.
 * The server writes and installs its first version; the page then opens it in the studio.
 */
export function CreateUnitDialog({
  open,
  kinds,
  units,
  texts,
  locale,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The kinds the caller may create (useCreatableKinds). */
  kinds: readonly Kind[];
  units: readonly StudioUnitSummary[];
  texts: StudioTexts;
  locale: Locale;
  onClose: () => void;
  onCreated: (unit: StudioUnit) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const kind = Form.useWatch('kind', form) ?? kinds[0] ?? 'activity';
  const start = Form.useWatch('start', form) ?? 'blank';
  const names = new Set(units.filter((unit) => unit.kind === kind).map((unit) => unit.name));
  const templates = (kind === 'activity' ? ACTIVITY_TEMPLATES : FORM_TEMPLATES).map((template) => ({
    value: template.name,
    label: template.label[locale],
  }));
  const copies = units
    .filter((unit) => unit.kind === kind && unit.version !== undefined)
    .map((unit) => ({ value: unit.name, label: `${unit.title}（${unit.name}）` }));

  const submit = async (values: Values) => {
    setSending(true);
    try {
      const result = await createUnit({
        kind: values.kind,
        name: values.name,
        title: values.title,
        from: fromOf(values),
        ...(values.note ? { note: values.note } : {}),
      });
      void message.success(result.message);
      form.resetFields();
      onCreated(result.unit);
    } catch {
      // The HTTP client has said why (409: the name is taken; 400: its problems).
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={texts.createTitle}
      okText={texts.createConfirm}
      cancelText={texts.cancel}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{texts.createHint}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: kinds[0] ?? 'activity', start: 'blank' }}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<Values>) => {
          // A template or unit of the other kind means nothing here.
          if (changed.kind) form.setFieldsValue({ template: undefined, copy: undefined });
        }}
      >
        <Form.Item name="kind" label={texts.createKind}>
          <Radio.Group
            options={kinds.map((value) => ({ value, label: value === 'activity' ? texts.createKindActivity : texts.createKindForm }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={texts.createName}
          extra={kind === 'activity' ? texts.createNameHintActivity : texts.createNameHintForm}
          dependencies={['kind']}
          rules={[
            { required: true, message: texts.createRequired },
            { pattern: NAME_PATTERN[kind], message: texts.createNameInvalid },
            {
              validator: async (_, value: string | undefined) =>
                value && names.has(value) ? Promise.reject(new Error(texts.createNameTaken)) : undefined,
            },
          ]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="title"
          label={texts.createTitleLabel}
          rules={[{ required: true, whitespace: true, message: texts.createRequired }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="start" label={texts.createFrom}>
          <Radio.Group
            options={[
              { value: 'blank', label: texts.createFromBlank },
              { value: 'template', label: texts.createFromTemplate },
              { value: 'copy', label: texts.createFromCopy },
            ]}
          />
        </Form.Item>
        {start === 'template' && (
          <Form.Item name="template" label={texts.createFromTemplate} rules={[{ required: true, message: texts.createChoose }]}>
            <Select options={templates} placeholder={texts.createTemplatePlaceholder} />
          </Form.Item>
        )}
        {start === 'copy' && (
          <Form.Item name="copy" label={texts.createFromCopy} rules={[{ required: true, message: texts.createChoose }]}>
            <Select options={copies} placeholder={texts.createCopyPlaceholder} showSearch optionFilterProp="label" />
          </Form.Item>
        )}
        <Form.Item name="note" label={texts.createNote}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
