import { createForm, type Form } from '@formily/core';
import { Alert, Button, Empty, Segmented, Space, Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { ActivityDetail } from '../../shared/generated/activity-detail';
import type { Locale } from '../../shared/i18n/locale';
import { localizedEntryTitle } from '../../shared/i18n/localized-title';
import type { JsonSchema } from '../../shared/schema/json-schema';
import type { StudioUnitQuery } from '../../shared/generated/studio-unit-query';
import type { NavigationPreview } from '../../shared/site/navigation-preview';
import { SchemaErrorBoundary } from '../engine/schema-error-boundary';
import { SchemaListOf } from '../engine/schema-list';
import { listTitle, type LoadedDefinition } from '../engine/use-resource-definition';
import { LocaleOverride } from '../i18n/locale-store';
import { useAuth } from '../permissions/use-auth';
import { SchemaForm } from '../engine/schema-form';
import { validateForm } from '../engine/validate-form';
import { DashboardPreviewView, type DashboardPreview } from './dashboard-preview-view';
import { NavigationPreviewView } from './navigation-preview-view';
import type { StudioTexts } from './studio-texts';
import { WorkflowPreviewView, type WorkflowPreview } from './workflow-preview-view';

export type PreviewContent =
  | { kind: 'activity'; activity: ActivityDetail; version: string }
  | { kind: 'form'; schema: JsonSchema; version: string }
  | { kind: 'resource'; name: string; definition: LoadedDefinition; version: string }
  | { kind: 'site'; navigation: NavigationPreview; version: string }
  | { kind: 'dashboard'; dashboard: DashboardPreview; version: string }
  | { kind: 'workflow'; workflow: WorkflowPreview; version: string };

/**
 * The check's preview as what the engine renders: an activity's steps, a form, a resource folder's
 * record form and lists, or the site's navigation as each audience receives it.
 */
export function previewOf(unit: StudioUnitQuery, preview: Record<string, unknown>, version: string): PreviewContent {
  if (unit.kind === 'activity') return { kind: 'activity', activity: preview as unknown as ActivityDetail, version };
  if (unit.kind === 'resource') return { kind: 'resource', name: unit.name, definition: preview as unknown as LoadedDefinition, version };
  if (unit.kind === 'site') return { kind: 'site', navigation: preview as unknown as NavigationPreview, version };
  if (unit.kind === 'dashboard') return { kind: 'dashboard', dashboard: preview as unknown as DashboardPreview, version };
  if (unit.kind === 'workflow') return { kind: 'workflow', workflow: preview as unknown as WorkflowPreview, version };
  return { kind: 'form', schema: preview as JsonSchema, version };
}

/** One form to try, kept across versions so what the author typed survives each edit. */
function PreviewForm({
  schema,
  locale,
  version,
  name,
  texts,
  forms,
}: {
  schema: JsonSchema;
  locale: Locale;
  version: string;
  name: string;
  texts: StudioTexts;
  forms: Map<string, Form>;
}) {
  const form = useMemo(() => {
    const previous = forms.get(name);
    const next = createForm({ values: previous ? { ...previous.values } : {} });
    forms.set(name, next);
    return next;
    // A new version (or language) is a new form with the values carried over.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [version, name, locale]);
  const [passed, setPassed] = useState(false);
  const tryRules = async () => {
    setPassed(false);
    try {
      await validateForm(form);
      setPassed(true);
    } catch {
      // Each error shows on its field, as the applicant will see it.
    }
  };
  return (
    <SchemaErrorBoundary title={texts.loadFailed}>
      <SchemaForm key={`${version}-${locale}`} form={form} schema={schema} locale={locale} />
      <Space>
        <Button onClick={() => void tryRules()}>{texts.tryRules}</Button>
        {passed && <Alert type="success" showIcon message={texts.rulesPassed} />}
      </Space>
    </SchemaErrorBoundary>
  );
}

/**
 * The candidate rendered by the engine as users will see it (each step of an activity in a tab), in
 * zh-CN or en-US, to be filled in: the fields' own rules run as they do for the applicant.
 */
export function StudioPreview({ content, stale, texts }: { content: PreviewContent | undefined; stale: boolean; texts: StudioTexts }) {
  const [locale, setLocale] = useState<Locale>('zh-CN');
  const forms = useRef(new Map<string, Form>()).current;
  const can = useAuth();
  if (!content) return <Empty description={texts.previewEmpty} />;
  const localeSwitch = (
    <Segmented<Locale>
      aria-label={texts.previewLocale}
      value={locale}
      onChange={setLocale}
      options={[
        { label: '中文', value: 'zh-CN' },
        { label: 'English', value: 'en-US' },
      ]}
    />
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {localeSwitch}
      {stale && <Alert type="warning" showIcon message={texts.previewStale} />}
      {content.kind === 'site' ? (
        <NavigationPreviewView preview={content.navigation} locale={locale} texts={texts} />
      ) : content.kind === 'dashboard' ? (
        <DashboardPreviewView preview={content.dashboard} texts={texts} />
      ) : content.kind === 'workflow' ? (
        <WorkflowPreviewView preview={content.workflow} locale={locale} texts={texts} />
      ) : content.kind === 'form' ? (
        <PreviewForm schema={content.schema} locale={locale} version={content.version} name="form" texts={texts} forms={forms} />
      ) : content.kind === 'resource' ? (
        <Tabs
          className="kc-scroll-tabs"
          items={[
            {
              key: 'record',
              label: texts.recordForm,
              children: (
                <PreviewForm
                  schema={content.definition.record}
                  locale={locale}
                  version={content.version}
                  name="record"
                  texts={texts}
                  forms={forms}
                />
              ),
            },
            // Each list as its page shows it, with the records the live list answers.
            ...Object.entries(content.definition.lists).map(([name, list]) => ({
              key: `list:${name}`,
              label: listTitle(list, locale),
              children: (
                <LocaleOverride.Provider value={locale}>
                  <SchemaListOf resource={content.name} list={name} definition={content.definition} can={can} />
                </LocaleOverride.Provider>
              ),
            })),
          ]}
        />
      ) : (
        <Tabs
          className="kc-scroll-tabs"
          items={content.activity.steps.map((step) => ({
            key: step.key,
            label: localizedEntryTitle(step, locale),
            children: (
              <PreviewForm
                schema={step.schema as JsonSchema}
                locale={locale}
                version={content.version}
                name={step.key}
                texts={texts}
                forms={forms}
              />
            ),
          }))}
        />
      )}
    </Space>
  );
}
