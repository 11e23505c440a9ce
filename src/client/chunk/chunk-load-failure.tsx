import { Button, Result } from 'antd';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { layoutTextsFor } from '../layout/layout-texts';
import type { ChunkLoadError } from './chunk-load-error';

/** Starts the failed page's import again; provided by lazyWithTimeout's wrapper. */
export const ChunkRetryContext = createContext<() => void>(() => location.reload());

/**
 * What shows in place of a page whose chunk failed (spec §8), never a blank screen: a timeout
 * offers 重试, which imports again; a missing module offers a reload, since a new deploy replaced
 * the file names and only a fresh index.html knows them.
 */
export function ChunkLoadFailure({ error }: { error: ChunkLoadError }) {
  const texts = layoutTextsFor(useLocale());
  const retry = useContext(ChunkRetryContext);
  const home = (
    <Link key="home" to="/home">
      <Button>{texts.backHome}</Button>
    </Link>
  );
  if (error.kind === 'timeout') {
    return (
      <Result
        className="kc-chunk-error kc-chunk-timeout"
        status="warning"
        title={texts.chunkTimeoutTitle}
        subTitle={texts.chunkTimeoutHint}
        extra={[
          <Button key="retry" type="primary" onClick={retry}>
            {texts.retry}
          </Button>,
          home,
        ]}
      />
    );
  }
  return (
    <Result
      className="kc-chunk-error kc-chunk-missing"
      status="error"
      title={texts.chunkMissingTitle}
      subTitle={
        <>
          {texts.chunkMissingHint}
          <br />
          <code>{error.message}</code>
        </>
      }
      extra={[
        <Button key="reload" type="primary" onClick={() => location.reload()}>
          {texts.reload}
        </Button>,
        home,
      ]}
    />
  );
}
