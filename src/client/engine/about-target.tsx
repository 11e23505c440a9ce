import { Alert, Descriptions, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import type { Locale } from '../../shared/i18n/locale';
import { ApiError } from '../api/api-error';
import { dataProvider } from '../api/data-provider';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { textsFor } from '../i18n/texts';

export type AboutTargetPage = NonNullable<ResourcePages['pages'][number]['about']>;

/**
 * What a form is for, above it (resource.json pages about): the target record's field, read as visitors may
 * read it (the event a person signs in to). A target that cannot be found is said at once, in the words the
 * server would use on sending, and `onMissing` lets the form hold its send button.
 */
export function AboutTarget({
  about,
  id,
  locale,
  onMissing,
}: {
  about: AboutTargetPage;
  id: string | undefined;
  locale: Locale;
  onMissing: (missing: boolean) => void;
}) {
  const [state, setState] = useState<{ value: string } | 'loading' | 'missing' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setState('loading');
    if (!id) {
      setState('missing');
      return;
    }
    dataProvider.getOne(about.resource, id).then(
      (record) => active && setState({ value: String(record.data[about.field] ?? '-') }),
      (error: unknown) => active && setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'),
    );
    return () => {
      active = false;
    };
  }, [about.resource, about.field, id, attempt]);
  useEffect(() => onMissing(state === 'missing'), [state, onMissing]);

  const texts = textsFor(locale);
  if (state === 'loading') return <Skeleton active paragraph={false} className="kc-about-target" />;
  if (state === 'failed') return <LoadFailedAlert onRetry={() => setAttempt((n) => n + 1)} />;
  if (state === 'missing')
    return (
      <Alert
        type="error"
        showIcon
        className="kc-about-target"
        style={{ marginBottom: 24 }}
        message={(locale === 'en-US' ? about.missingEn : about.missing) ?? texts.recordNotFound}
      />
    );
  return (
    <Descriptions column={1} className="kc-about-target" style={{ marginBottom: 24 }}>
      <Descriptions.Item label={locale === 'en-US' ? about.titleEn : about.title}>{state.value}</Descriptions.Item>
    </Descriptions>
  );
}
