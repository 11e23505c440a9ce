import { Button } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { layoutTextsFor } from '../layout/layout-texts';
import type { ChunkLoadError } from './chunk-load-error';
import './chunk-load-failure.css';

/** Starts the failed page's import again; provided by lazyWithTimeout's wrapper. */
export const ChunkRetryContext = createContext<() => void>(() => location.reload());

/** A result panel drawn with CSS: antd's Result carries its 403/404/500 pictures into every first load. */
function FailurePanel({ kind, title, hint, actions }: { kind: 'timeout' | 'missing'; title: string; hint: ReactNode; actions: ReactNode }) {
  return (
    <section className={`kc-chunk-error kc-chunk-${kind}`} role="alert">
      <span className="kc-chunk-error-icon" aria-hidden="true">
        !
      </span>
      <h2 className="kc-chunk-error-title">{title}</h2>
      <div className="kc-chunk-error-hint">{hint}</div>
      <div className="kc-chunk-error-actions">{actions}</div>
    </section>
  );
}

/**
 * What shows in place of a page whose chunk failed (spec §8), never a blank screen: a timeout
 * offers 重试, which imports again; a missing module offers a reload, since a new deploy replaced
 * the file names and only a fresh index.html knows them.
 */
export function ChunkLoadFailure({ error }: { error: ChunkLoadError }) {
  const texts = layoutTextsFor(useLocale());
  const retry = useContext(ChunkRetryContext);
  const home = (
    <Link to="/home">
      <Button>{texts.backHome}</Button>
    </Link>
  );
  if (error.kind === 'timeout') {
    return (
      <FailurePanel
        kind="timeout"
        title={texts.chunkTimeoutTitle}
        hint={texts.chunkTimeoutHint}
        actions={
          <>
            <Button type="primary" onClick={retry}>
              {texts.retry}
            </Button>
            {home}
          </>
        }
      />
    );
  }
  return (
    <FailurePanel
      kind="missing"
      title={texts.chunkMissingTitle}
      hint={
        <>
          {texts.chunkMissingHint}
          <br />
          <code>{error.message}</code>
        </>
      }
      actions={
        <>
          <Button type="primary" onClick={() => location.reload()}>
            {texts.reload}
          </Button>
          {home}
        </>
      }
    />
  );
}
