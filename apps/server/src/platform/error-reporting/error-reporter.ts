// What the server tells the error-reporting service about a failure: where it happened, never
// what was sent (spec 2 §7: events carry the tenant tag; bodies, cookies and tokens stay here).
export type ErrorReportContext = {
  // The tenant's slug, or null for a request to no known tenant and for process-level faults.
  tenant: string | null;
  method?: string;
  // The route's pattern (/api/v1/workflows/:id/), not the URL: no ids or query strings.
  route?: string;
};

export type ErrorReporter = {
  report: (error: unknown, context: ErrorReportContext) => void;
  // Waits (at most timeoutMs) until queued events are sent: before the process exits.
  flush: (timeoutMs: number) => Promise<void>;
};

// Without SENTRY_DSN nothing is reported and nothing leaves the process.
export const NO_ERROR_REPORTER: ErrorReporter = {
  report: () => {},
  flush: async () => {},
};
