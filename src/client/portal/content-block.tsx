import { Alert, Button, Empty, theme } from 'antd';
import { useId, type ReactNode } from 'react';
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
  /** Shown above the items whatever their state (a search box). */
  toolbar?: ReactNode;
  /** Tabs above the items, given the id of the panel they control. */
  tabs?: (panelId: string) => ReactNode;
  /** The least height of the items once loaded (a carousel's slide): the skeleton keeps it, so nothing below moves when they come (issue 33). */
  minBodyHeight?: number;
}

/**
 * One block of the home page: loading (a skeleton), empty, failed with a retry, or its items. Each
 * block loads on its own, so one slow or failed call never blanks the page. A card drawn with CSS:
 * antd's Card brings its Tabs (and their dropdown) into the home page's first load.
 */
export function ContentBlock<T>({ title, moreHref, loadKey, load, render, empty, toolbar, tabs, minBodyHeight }: ContentBlockProps<T>) {
  const texts = portalTextsFor(useLocale());
  const { value, failed, retry } = useLoad(load, loadKey);
  let body: ReactNode;
  if (failed) {
    body = (
      <Alert
        type="error"
        showIcon
        message={texts.blockFailed}
        action={
          <Button size="small" onClick={retry}>
            {texts.retry}
          </Button>
        }
      />
    );
  } else if (value === undefined) {
    // Grey lines drawn with CSS in place of antd's Skeleton, which the home page's first load can spare.
    body = (
      <div
        className="kc-block-loading"
        role="status"
        aria-label={texts.loading}
        style={minBodyHeight ? { minHeight: minBodyHeight } : undefined}
      >
        {[0, 1, 2, 3].map((line) => (
          <span key={line} />
        ))}
      </div>
    );
  } else if (value.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? texts.blockEmpty} />;
  } else {
    body = render(value);
  }
  // The container's colours from the theme, so the block turns dark with the dark theme.
  const { token } = theme.useToken();
  const titleId = useId();
  const panelId = useId();
  return (
    <section
      className="kc-portal-block"
      style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
      aria-labelledby={titleId}
      aria-busy={value === undefined && !failed}
    >
      <header className="kc-portal-block-head">
        <h2 id={titleId} className="kc-portal-block-title">
          {title}
        </h2>
        {moreHref && (
          <Link to={moreHref} aria-label={`${texts.more}: ${title}`}>
            {texts.more}
          </Link>
        )}
      </header>
      <div className="kc-portal-block-body">
        {toolbar}
        {tabs?.(panelId)}
        <div id={panelId} role={tabs ? 'tabpanel' : undefined}>
          {body}
        </div>
      </div>
    </section>
  );
}
