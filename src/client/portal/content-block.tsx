import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLoad } from '../hooks/use-load';
import { useLocale } from '../i18n/locale-store';
import { portalTextsFor } from './portal-texts';

interface ContentBlockProps<T> {
  title: string;
  /** Where 更多 leads. */
  moreHref?: string;
  /** Reloads when it changes (the language, a tab). */
  loadKey: string;
  load: () => Promise<T[]>;
  render: (items: T[]) => ReactNode;
  empty?: string;
  /** Shown above the items whatever their state (a block's tabs). */
  toolbar?: ReactNode;
}

/**
 * One block of the home page: loading (a skeleton), empty, failed with a retry, or its items. Each
 * block loads on its own, so one slow or failed call never blanks the page.
 */
export function ContentBlock<T>({ title, moreHref, loadKey, load, render, empty, toolbar }: ContentBlockProps<T>) {
  const texts = portalTextsFor(useLocale());
  const { value, failed, retry } = useLoad(load, loadKey);
  let body: ReactNode;
  if (failed) {
    body = <Alert type="error" showIcon message={texts.blockFailed} action={<Button size="small" onClick={retry}>{texts.retry}</Button>} />;
  } else if (value === undefined) {
    body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  } else if (value.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? texts.blockEmpty} />;
  } else {
    body = render(value);
  }
  return (
    <Card
      className="kc-portal-block"
      title={<h2 className="kc-portal-block-title">{title}</h2>}
      extra={moreHref ? <Link to={moreHref} aria-label={`${texts.more}: ${title}`}>{texts.more}</Link> : undefined}
      aria-busy={value === undefined && !failed}
    >
      {toolbar}
      {body}
    </Card>
  );
}
