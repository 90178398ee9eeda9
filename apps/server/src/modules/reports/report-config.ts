import { REPORT_API_MESSAGES, type ReportConfig, ReportConfigSchema } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';

// A config is checked on every write and before every run: the 400 names each problem by its path
// in the request body (`config.group_by.0.source`), with the schema's message.
export function checkedReportConfig(value: unknown): ReportConfig {
  const parsed = ReportConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues.slice(0, 50)) {
    const key = ['config', ...issue.path.map(String)].join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new BadRequestError(REPORT_API_MESSAGES.invalidConfig, errors);
}
