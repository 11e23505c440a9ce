import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyApplicationCalls } from './activities/early-application-calls';
import { App, applyLocale } from './app';
import { getLocale } from './i18n/locale-store';
import { prefetchFirstScreen, readFirstScreen } from './router/first-screen-prefetch';
import { getToken } from './session/session-store';
import './styles.css';

// Before the first render, so the first form already validates in the right language.
applyLocale(getLocale());
// The first screen's data came with the page, or is on its way while the page's chunk loads (issue 33, ADR 0059).
prefetchFirstScreen(window.location.pathname, getToken() !== null, getLocale(), readFirstScreen(document));
startEarlyApplicationCalls(window.location, getToken() !== null);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole tree at once: on a phone's CPU that was one task of 300-400 ms (issue 33's TBT).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
