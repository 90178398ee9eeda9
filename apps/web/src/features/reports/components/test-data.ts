import type { Dashboard, Report } from '@attest/shared';
import type { ReportPermissions } from '../lib/report-permissions';

export const ALL: ReportPermissions = { canAdd: true, canChange: true, canDelete: true };
export const VIEW_ONLY: ReportPermissions = { canAdd: false, canChange: false, canDelete: false };

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    id: 5,
    name: 'Operations',
    description: 'Weekly figures',
    report_count: 0,
    created_by: 1,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 11,
    dashboard_id: 5,
    name: 'Workflows by status',
    description: '',
    report_kind: 'workflow',
    chart_type: 'BAR_CHART',
    config: {
      report_kind: 'workflow',
      chart_type: 'BAR_CHART',
      group_by: [{ source: 'workflow__status_tag' }],
      operations: [{ function: 'count', label: 'Count' }],
    },
    position: 0,
    created_by: 1,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ results, count: results.length, next: null, previous: null });
