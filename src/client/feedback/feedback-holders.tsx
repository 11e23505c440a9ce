import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedbackApi, type FeedbackApi } from './feedback-api';

function Bridge({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const api = App.useApp();
  useEffect(() => {
    setFeedbackApi(api);
    onReady(api);
  }, [api, onReady]);
  return null;
}

/**
 * antd's App with nothing inside but its message, notification and modal holders: loaded after the
 * first paint (feedback-provider.tsx), it hands its instances to the provider and to code outside
 * React (the HTTP client's error notices).
 */
export default function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  return (
    <App component={false}>
      <Bridge onReady={onReady} />
    </App>
  );
}
