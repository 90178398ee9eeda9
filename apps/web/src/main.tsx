import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { handlePreloadErrors } from './lib/error-reporting/preload-error';
import { telemetryMetaContent } from './lib/telemetry/telemetry-settings';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After the first render, and only when the server configured error reporting or analytics
// (issue 19): their settings and the error-reporting SDK are chunks of their own, never part of the
// first load otherwise.
const telemetry = telemetryMetaContent();
if (telemetry)
  void import('./lib/telemetry/start-telemetry').then((module) => module.startTelemetry(telemetry));
handlePreloadErrors();
