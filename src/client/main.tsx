import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, applyLocale } from './app';
import { getLocale } from './i18n/locale-store';
import './styles.css';

// Before the first render, so the first form already validates in the right language.
applyLocale(getLocale());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
