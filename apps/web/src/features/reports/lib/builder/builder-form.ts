import {
  type Aggregation,
  parseReportConfig,
  type ReportConfig,
  ReportConfigSchema,
  type ReportKind,
} from '@attest/shared';

// The report builder's state (spec 2 §3.7/§3.8): the name and description, and the configuration
// in the server's naming, defaults filled in, exactly what is saved. Every edit is a pure function
// of it (builder-edits.ts), so what the builder shows and what it sends are one value.
export type BuilderForm = {
  name: string;
  description: string;
  config: ReportConfig;
};

// The words the builder writes into the configuration (column titles), in the builder's language.
export type BuilderLabels = {
  // A column's title, by its report source.
  column: (source: string) => string;
  // An operation's title: "Count", or "Average of Cycle time".
  operation: (aggregation: Aggregation, columnLabel: string | null) => string;
};

export const PLAIN_LABELS: BuilderLabels = {
  column: (source) => source,
  operation: (aggregation, column) => (column === null ? aggregation : `${aggregation} of ${column}`),
};

// A new report: a bar chart that counts (the commonest question: how many, by what).
export function newReportConfig(
  labels: BuilderLabels = PLAIN_LABELS,
  reportKind: ReportKind = 'workflow',
): ReportConfig {
  return ReportConfigSchema.parse({
    report_kind: reportKind,
    chart_type: 'BAR_CHART',
    operations: [{ function: 'count', label: labels.operation('count', null) }],
  });
}

export type StoredReport = { name: string; description: string; config: unknown };

// The form of a stored report (or of a new one). An invalid stored configuration does not crash
// the builder: it starts from a new report's configuration and says so (`invalid`), spec 2 §8.
export function formOfReport(
  report: StoredReport | null,
  labels: BuilderLabels = PLAIN_LABELS,
  newKind: ReportKind = 'workflow',
): { form: BuilderForm; invalid: boolean } {
  if (report === null)
    return { form: { name: '', description: '', config: newReportConfig(labels, newKind) }, invalid: false };
  const config = parseReportConfig(report.config);
  return {
    form: { name: report.name, description: report.description, config: config ?? newReportConfig(labels) },
    invalid: config === null,
  };
}

// What Save and the preview send: the configuration with the server's names (§3.8).
export function configOfForm(form: BuilderForm): ReportConfig {
  return form.config;
}

// Save needs a name; a measure other than a count needs its column; a cycle-time report its own
// operations only. Answers the translation key of the first problem, or null.
export function formProblem(form: BuilderForm): string | null {
  if (!form.name.trim()) return 'reports.builder.problems.name';
  if (form.config.report_kind === 'object' && form.config.object_type_id === null) {
    return 'reports.builder.problems.objectType';
  }
  if (!form.config.other_configurations.is_cycle_time_report) {
    for (const operation of form.config.operations) {
      if (operation.function !== 'count' && operation.arguments.length === 0) {
        return 'reports.builder.problems.measureColumn';
      }
    }
  }
  return null;
}
