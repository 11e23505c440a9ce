import { createForm, onFieldInit } from '@formily/core';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import { fillRowHref, resourceApiPath, resourceDetailHref, resourceEditHref } from '../../shared/resource/resource-links';
import { submitTransitionOf } from '../../shared/resource/submit-transition-of';
import { stateTitle } from '../../shared/resource/workflow-rules';
import { ApiError } from '../api/api-error';
import { dataProvider, type RecordDetail } from '../api/data-provider';
import { notifyError, toastSuccess } from '../api/notifier';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { AboutTarget, type AboutTargetPage } from './about-target';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { registerPageTitle } from '../hooks/page-title-store';
import { SchemaErrorBoundary } from './schema-error-boundary';
import { readCarriedValues } from './read-carried-values';
import { SchemaForm } from './schema-form';
import { submitSchemaForm } from './submit-pipeline';
import { UploadTargetContext, type UploadTarget } from './upload-target-context';
import { resourceTitle, useResourceDefinition, type LoadedDefinition } from './use-resource-definition';

/** A page's own title in both languages (resource.json pages: 发布需求 at /home/publish). */
export type PageTitle = Record<'zh-CN' | 'en-US', string>;

/** Fields a page fixes (resource.json pages values): the new form opens with them, read-only. */
export type PageValues = Record<string, string | number | boolean | undefined>;

/** What the form does when sent (resource.json submitMode): one 提交, or 保存草稿 beside 提交审核; absent: one 保存. */
export type SubmitMode = NonNullable<ResourceDefinition['submitMode']>;

/** Which button sent the form: save keeps a draft (保存, 保存草稿); send also takes the submit transition (提交, 提交审核). */
type Intent = 'save' | 'send';

function RecordForm({
  resource,
  id,
  definition,
  signedIn,
  pageTitle,
  values,
  loginHref,
  after,
  hidden,
  submit,
  about,
  submitMode,
  carries,
}: {
  resource: string;
  id: string | undefined;
  definition: LoadedDefinition;
  signedIn: boolean;
  pageTitle: PageTitle | undefined;
  values: PageValues | undefined;
  loginHref: string | undefined;
  after: string | undefined;
  hidden: readonly string[] | undefined;
  submit: PageTitle | undefined;
  about: AboutTargetPage | undefined;
  submitMode: SubmitMode | undefined;
  carries: readonly string[] | undefined;
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [existing, setExisting] = useState<RecordDetail>();
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>(id ? 'loading' : 'ready');
  const [saving, setSaving] = useState<Intent>();
  // The record the form is for cannot be found (about): nothing to send it to.
  const [targetMissing, setTargetMissing] = useState(false);
  // A visitor's record (anonymousCreate) is not theirs to open afterwards: they get the server's word instead.
  const [sentAnonymously, setSentAnonymously] = useState<string>();
  // Values a link carried in the address (resource.json link values): fixed ones read-only like the page's own, others only filled in.
  const carried = useMemo(
    () => (id || !carries ? undefined : readCarriedValues(new URLSearchParams(search), definition.record, carries)),
    [id, carries, search, definition.record],
  );
  const form = useMemo(() => {
    const fixed = { ...carried?.fixed, ...values };
    const initial = { ...carried?.prefilled, ...fixed };
    return createForm({
      ...(id || Object.keys(initial).length === 0 ? {} : { initialValues: initial }),
      // A visitor on a form that needs an account sees it, but cannot fill it in (spec §1, §6).
      disabled: loginHref !== undefined,
      effects: () => {
        if (id) return;
        for (const field of Object.keys(fixed)) onFieldInit(field, (target) => target.setPattern('readPretty'));
        // A value taken from the address (an event's id from its QR code) is sent, not shown: display hidden keeps it in the values.
        for (const field of hidden ?? []) onFieldInit(field, (target) => target.setDisplay('hidden'));
      },
    });
  }, [id, values, carried, loginHref, hidden]);
  // The record's Upload fields send their files to this resource (ADR 0011).
  const uploadTarget = useMemo<UploadTarget>(() => ({ ownerKind: 'resource', ownerId: resource }), [resource]);

  useEffect(() => {
    if (!id) return;
    let active = true;
    dataProvider.getOne(resource, id).then(
      (record) => {
        if (!active) return;
        setExisting(record);
        form.setInitialValues(record.data);
        setState(record.editable ? 'ready' : 'missing');
      },
      (error: unknown) => active && setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'),
    );
    return () => {
      active = false;
    };
  }, [resource, id, form]);

  const action = id ? texts.edit : texts.newRecord;
  const title = pageTitle?.[locale] ?? `${action}${locale === 'en-US' ? ' ' : ''}${resourceTitle(definition, locale)}`;
  useEffect(() => {
    const both = (target: 'zh-CN' | 'en-US'): string =>
      pageTitle?.[target] ??
      `${textsFor(target)[id ? 'edit' : 'newRecord']}${target === 'en-US' ? ' ' : ''}${resourceTitle(definition, target)}`;
    registerPageTitle(pathname + search, { 'zh-CN': both('zh-CN'), 'en-US': both('en-US') });
    document.title = `${title} - ${texts.portalName}`;
  }, [definition, id, pathname, search, title, texts, pageTitle]);

  if (sentAnonymously) return <Result status="success" title={sentAnonymously} className="kc-record-sent" />;
  if (state === 'missing') return <Result status="404" title="404" subTitle={texts.recordNotFound} />;
  if (state === 'failed')
    return (
      <Card>
        <LoadFailedAlert onRetry={() => navigate(0)} />
      </Card>
    );
  if (state === 'loading') return <Card loading />;

  // The transition 提交 / 提交审核 takes after saving: none where the record is sent as it is made (a need starts pending).
  const sendsWith = submitMode && submitTransitionOf(definition.workflow, existing?.status ?? definition.workflow.initial);

  const save = async (intent: Intent): Promise<void> => {
    setSaving(intent);
    try {
      const outcome = await submitSchemaForm(form, (values) =>
        existing ? dataProvider.update(resource, existing.id, existing.version, values) : dataProvider.create(resource, values),
      );
      if (outcome.status === 'rejected' && outcome.error.status === 409) {
        // Changed elsewhere meanwhile: the server's words, and the detail shows what is there now.
        notifyError(texts.recordConflict);
        if (existing) navigate(resourceDetailHref(resource, existing.id), { replace: true });
      }
      if (outcome.status !== 'succeeded') return;
      let { record, message } = outcome.result;
      if (intent === 'send' && sendsWith) {
        try {
          ({ record, message } = await dataProvider.transition(resource, sendsWith, record.id, record.version, undefined));
        } catch (error) {
          // Saved, not sent: the draft is kept, and its form opens again at the version saved, so a second try sends it rather than a copy.
          notifyError(`${texts.draftKeptNotSent}${error instanceof ApiError ? error.message : ''}`);
          navigate(resourceEditHref(resource, record.id), { replace: true });
          return;
        }
      }
      // Say what happened: sent (and the state it is in now), or kept as a draft that still needs 提交审核.
      if (submitMode && signedIn) {
        toastSuccess(
          intent === 'send' || !sendsWith
            ? texts.recordSentAs(stateTitle(definition.workflow, record.status, locale))
            : texts.recordDraftSaved,
        );
      }
      // A page that says where a sent form leads (resource.json pages after: 签到成功) goes there, for everyone.
      if (after && !existing) navigate(fillRowHref(after, record), { replace: true });
      else if (!signedIn) setSentAnonymously(message);
      else navigate(resourceDetailHref(resource, record.id), { replace: true });
    } finally {
      setSaving(undefined);
    }
  };
  const blocked = loginHref !== undefined || targetMissing;
  // The one button's words: the page's own (签到), else what it does.
  const sendTitle = submit && !id ? submit[locale] : submitMode === 'submit' ? texts.submit : texts.save;

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      className="kc-record-form"
    >
      {loginHref !== undefined && (
        <Alert
          type="warning"
          showIcon
          className="kc-login-required"
          style={{ marginBottom: 24 }}
          message={texts.pleaseLogin}
          description={texts.formNeedsLogin}
          action={
            <Button type="primary" onClick={() => navigate(loginHref)}>
              {texts.login}
            </Button>
          }
        />
      )}
      {about && !id && <AboutTarget about={about} id={values?.[about.query]?.toString()} locale={locale} onMissing={setTargetMissing} />}
      <SchemaErrorBoundary title={texts.formLoadFailed}>
        <UploadTargetContext.Provider value={uploadTarget}>
          <SchemaForm form={form} schema={definition.record} locale={locale} captchaEndpoint={resourceApiPath(resource, 'captcha')} />
        </UploadTargetContext.Provider>
      </SchemaErrorBoundary>
      <Space>
        {submitMode === 'draft' && sendsWith ? (
          <>
            <Button loading={saving === 'save'} disabled={blocked || saving === 'send'} onClick={() => void save('save')}>
              {texts.saveDraft}
            </Button>
            <Button type="primary" loading={saving === 'send'} disabled={blocked || saving === 'save'} onClick={() => void save('send')}>
              {texts.submitForReview}
            </Button>
          </>
        ) : (
          <Button type="primary" loading={saving !== undefined} disabled={blocked} onClick={() => void save('send')}>
            {sendTitle}
          </Button>
        )}
        <Button onClick={() => navigate(-1)}>{texts.cancel}</Button>
      </Space>
    </Card>
  );
}

/**
 * A record's form from its record schema: a new one, or (with an id) the owner's editable one at the
 * version shown. Without a session only a folder that allows visitors to create shows its form
 * (spec §4: otherwise the page leads home); a new form given `loginHref` (a page at a path of the
 * spec, resource.json pages) shows itself disabled instead, under 请先登录 with a way to log in.
 */
export function SchemaRecordForm({
  resource,
  id,
  signedIn,
  pageTitle,
  values,
  loginHref,
  after,
  hidden,
  submit,
  about,
  submitMode,
  carries,
}: {
  resource: string;
  id?: string;
  signedIn: boolean;
  pageTitle?: PageTitle;
  values?: PageValues;
  loginHref?: string;
  after?: string;
  hidden?: readonly string[];
  /** What the send button says on this page (resource.json pages submit), in both languages. */
  submit?: PageTitle;
  /** The record the form is for, shown above it (resource.json pages about). */
  about?: AboutTargetPage;
  /** What the form does when sent: the page's submitMode; the folder's (resource.json submitMode) when absent. */
  submitMode?: SubmitMode;
  /** The form takes values a link carried in its address (resource.json link values), except these fields the page takes itself. */
  carries?: readonly string[];
}) {
  const { definition, failed, retry } = useResourceDefinition(resource);
  if (failed)
    return (
      <Card>
        <LoadFailedAlert onRetry={retry} />
      </Card>
    );
  if (!definition) return <Card loading />;
  const visitorBlocked = !signedIn && (id !== undefined || !definition.anonymousCreate);
  if (visitorBlocked && (id !== undefined || loginHref === undefined)) return <Navigate to="/home" replace />;
  return (
    <RecordForm
      resource={resource}
      id={id}
      definition={definition}
      signedIn={signedIn}
      pageTitle={pageTitle}
      values={values}
      loginHref={visitorBlocked ? loginHref : undefined}
      after={after}
      hidden={hidden}
      submit={submit}
      about={about}
      submitMode={submitMode ?? definition.submitMode}
      carries={carries}
      key={id ?? 'new'}
    />
  );
}
