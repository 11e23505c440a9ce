// antd's own context for App.useApp(), which FeedbackProvider provides (feedback-provider.tsx).
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext } from 'react';

/**
 * App.useApp()'s message, notification and modal, read from the context FeedbackProvider fills. Importing
 * antd's `App` for its hook brought the App component with it, and with it the message, notification and
 * modal code (37 KB on the wire, three requests) into every page that might show a toast, before its
 * first paint (issue 33). The instances themselves load after the first page (ADR 0059).
 */
export function useFeedback(): useAppProps {
  return useContext(AppContext);
}
