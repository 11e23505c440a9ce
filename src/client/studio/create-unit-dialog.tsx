import { Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { StudioCreateRequest, StudioUnit, StudioUnitSummary } from '../../shared/generated';
import type { Locale } from '../../shared/i18n/locale';
import { ACTIVITY_TEMPLATES } from '../../shared/studio/activity-templates';
import { FORM_TEMPLATES } from '../../shared/studio/form-templates';
import { createUnit } from './studio-api';
import type { StudioTexts } from './studio-texts';
import type { NewUnitKind } from './use-creatable-kinds';
import { useFeedback } from '../feedback/use-feedback';

/**
 * The kinds this dialog knows: the server's (StudioCreateRequest) and the record type ('resource'),
 * offered only when the server's creatable kinds hold it (ADR 0046: the record type's server side
 * is built beside this dialog).
 */
type Kind = NewUnitKind | 'resource';
type Start = 'blank' | 'template' | 'copy';

/** The record type's workflow templates, in the order offered. */
const WORKFLOWS = ['publication', 'review-with-return', 'two-level-review'] as const;
type Workflow = (typeof WORKFLOWS)[number];

interface Values {
  kind: Kind;
  name: string;
  title: string;
  start: Start;
  template?: string;
  copy?: string;
  workflow?: Workflow;
  note?: string;
}

/** Whether the server creates this kind: the kinds the caller may create come from it (useCreatableKinds). */
const creatable = (kind: Kind, kinds: readonly NewUnitKind[]): kind is NewUnitKind => (kinds as readonly Kind[]).includes(kind);

// The server's rule (create-unit.ts), checked here too so the author sees it before sending.
const NAME_PATTERN: Readonly<Record<Kind, RegExp>> = {
  activity: /^[a-z][a-z0-9-]{1,63}$/,
  form: /^[a-z][a-z0-9-]{0,63}$/,
  dictionary: /^[a-z][a-z0-9_]{0,63}$/,
  resource: /^[a-z][a-z0-9-]{1,39}$/,
};

function fromOf(values: Values): StudioCreateRequest['from'] {
  // A record type starts from one of the three workflow templates.
  if (values.kind === 'resource') return { template: values.workflow ?? 'publication' };
  if (values.start === 'template') return { template: values.template ?? '' };
  if (values.start === 'copy') return { copy: values.copy ?? '' };
  return { blank: true };
}

/**
 * 新建 (ADR 0040, 0046): a new activity or form, from a blank one, a template or a copy of one that
 * exists; a dictionary, blank or a copy; a record type from a workflow template. The server writes
 * and installs its first version; the page then opens it in the studio.
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
  kinds: readonly NewUnitKind[];
  units: readonly StudioUnitSummary[];
  texts: StudioTexts;
  locale: Locale;
  onClose: () => void;
  onCreated: (unit: StudioUnit) => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const kind = Form.useWatch('kind', form) ?? kinds[0] ?? 'activity';
  const start = Form.useWatch('start', form) ?? 'blank';
  const names = new Set(units.filter((unit) => unit.kind === kind).map((unit) => unit.name));
  const templates = (kind === 'activity' ? ACTIVITY_TEMPLATES : kind === 'form' ? FORM_TEMPLATES : []).map((template) => ({
    value: template.name,
    label: template.label[locale],
  }));
  const copies = units
    .filter((unit) => unit.kind === kind && unit.version !== undefined)
    .map((unit) => ({ value: unit.name, label: `${unit.title}（${unit.name}）` }));

  const kindLabels: Readonly<Record<Kind, string>> = {
    activity: texts.createKindActivity,
    form: texts.createKindForm,
    dictionary: texts.createKindDictionary,
    resource: texts.createKindResource,
  };
  // What each kind's name is: its hint under the name field.
  const nameHints: Readonly<Record<Kind, string>> = {
    activity: texts.createNameHintActivity,
    form: texts.createNameHintForm,
    dictionary: texts.createNameHintDictionary,
    resource: texts.createNameHintResource,
  };
  const workflowLabels: Readonly<Record<Workflow, string>> = {
    publication: texts.workflowPublication,
    'review-with-return': texts.workflowReviewWithReturn,
    'two-level-review': texts.workflowTwoLevelReview,
  };
  // A dictionary has no templates; a record type's start is its workflow.
  const starts: { value: Start; label: string }[] = [
    { value: 'blank', label: texts.createFromBlank },
    ...(templates.length > 0 ? [{ value: 'template' as const, label: texts.createFromTemplate }] : []),
    { value: 'copy', label: texts.createFromCopy },
  ];

  const submit = async (values: Values) => {
    if (!creatable(values.kind, kinds)) return;
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
          if (changed.kind) form.setFieldsValue({ template: undefined, copy: undefined, start: 'blank' });
        }}
      >
        <Form.Item name="kind" label={texts.createKind}>
          <Radio.Group options={kinds.map((value) => ({ value, label: kindLabels[value] }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label={texts.createName}
          extra={nameHints[kind]}
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
        {kind === 'resource' ? (
          <Form.Item name="workflow" label={texts.createWorkflow} initialValue="publication">
            <Radio.Group>
              <Space direction="vertical">
                {WORKFLOWS.map((workflow) => (
                  <Radio key={workflow} value={workflow}>
                    {workflowLabels[workflow]}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : (
          <Form.Item name="start" label={texts.createFrom}>
            <Radio.Group options={starts} />
          </Form.Item>
        )}
        {kind !== 'resource' && start === 'template' && (
          <Form.Item name="template" label={texts.createFromTemplate} rules={[{ required: true, message: texts.createChoose }]}>
            <Select options={templates} placeholder={texts.createTemplatePlaceholder} />
          </Form.Item>
        )}
        {kind !== 'resource' && start === 'copy' && (
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
