import * as Sentry from '@sentry/node';
import type { Config } from '../../config.js';
import { type ErrorReporter, NO_ERROR_REPORTER } from './error-reporter.js';
import { scrubEvent } from './scrub-event.js';
import { serverRelease } from './server-release.js';

// The server's error reporting (issue 19): Sentry when SENTRY_DSN is set, otherwise nothing. Only
// errors are sent, no traces: the SDK's OpenTelemetry set-up and its automatic integrations (HTTP,
// request data, console) stay off, so nothing is patched and no request body is ever read.
export function openErrorReporter(config: Config): ErrorReporter {
  if (!config.SENTRY_DSN) return NO_ERROR_REPORTER;
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    release: config.SENTRY_RELEASE ?? serverRelease(),
    sendDefaultPii: false,
    skipOpenTelemetrySetup: true,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.nodeContextIntegration()],
    beforeSend: (event) => scrubEvent(event),
  });
  return {
    report: (error, context) => {
      Sentry.withScope((scope) => {
        scope.setTag('tenant', context.tenant ?? 'none');
        if (context.method) scope.setTag('method', context.method);
        if (context.route) scope.setTag('route', context.route);
        Sentry.captureException(error);
      });
    },
    flush: async (timeoutMs) => {
      await Sentry.flush(timeoutMs);
    },
  };
}
