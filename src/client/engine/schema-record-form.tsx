import { createForm, onFieldInit } from '@formily/core';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { fillRowHref, resourceApiPath, resourceDetailHref } from '../../shared/resource/resource-links';
import { ApiError } from '../api/api-error';
import { dataProvider, type RecordDetail } from '../api/data-provider';
import { notifyError } from '../api/notifier';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { AboutTarget, type AboutTargetPage } from './about-target';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { registerPageTitle } from '../hooks/page-title-store';
import { SchemaErrorBoundary } from './schema-error-boundary';
import { SchemaForm } from './schema-form';
import { submitSchemaForm } from './submit-pipeline';
import { UploadTargetContext, type UploadTarget } from './upload-target-context';
import { resourceTitle, useResourceDefinition, type LoadedDefinition } from './use-resource-definition';

/** A page's own title in both languages (resource.json pages: 发布需求 at /home/publish). */
export type PageTitle = Record<'zh-CN' | 'en-US', string>;

/** Fields a page fixes (resource.json pages values): the new form opens with them, read-only. */
export type PageValues = Record<string, string | number | boolean | undefined>;

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
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [existing, setExisting] = useState<RecordDetail>();
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>(id ? 'loading' : 'ready');
  const [saving, setSaving] = useState(false);
  // The record the form is for cannot be found (about): nothing to send it to.
  const [targetMissing, setTargetMissing] = useState(false);
  // A visitor's record (anonymousCreate) is not theirs to open afterwards: they get the server's word instead.
  const [sentAnonymously, setSentAnonymously] = useState<string>();
  const form = useMemo(
    () =>
      createForm({
        ...(id || !values ? {} : { initialValues: { ...values } }),
        // A visitor on a form that needs an account sees it, but cannot fill it in (spec §1, §6).
        disabled: loginHref !== undefined,
        effects: () => {
          if (id || !values) return;
          for (const field of Object.keys(values)) onFieldInit(field, (target) => target.setPattern('readPretty'));
          // A value taken from the address (an event's id from its QR code) is sent, not shown: display hidden keeps it in the values.
          for (const field of hidden ?? []) onFieldInit(field, (target) => target.setDisplay('hidden'));
        },
      }),
    [id, values, loginHref, hidden],
  );
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

  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      const outcome = await submitSchemaForm(form, (values) =>
        existing ? dataProvider.update(resource, existing.id, existing.version, values) : dataProvider.create(resource, values),
      );
      // A page that says where a sent form leads (resource.json pages after: 签到成功) goes there, for everyone.
      if (outcome.status === 'succeeded' && after && !existing) {
        navigate(fillRowHref(after, outcome.result.record), { replace: true });
      } else if (outcome.status === 'succeeded' && !signedIn) {
        setSentAnonymously(outcome.result.message);
      } else if (outcome.status === 'succeeded') {
        navigate(resourceDetailHref(resource, outcome.result.record.id), { replace: true });
      } else if (outcome.status === 'rejected' && outcome.error.status === 409) {
        // Changed elsewhere meanwhile: the server's words, and the detail shows what is there now.
        notifyError(texts.recordConflict);
        if (existing) navigate(resourceDetailHref(resource, existing.id), { replace: true });
      }
    } finally {
      setSaving(false);
    }
  };

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
        <Button type="primary" loading={saving} disabled={loginHref !== undefined || targetMissing} onClick={() => void save()}>
          {submit && !id ? submit[locale] : texts.save}
        </Button>
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
      key={id ?? 'new'}
    />
  );
}
