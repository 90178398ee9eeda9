import type { ReportConfigInput } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';

// The reports of the benchmark (issue 7 and the 100k measurement in docs/reports-engine.md), all on
// the Supplier Onboarding kind, as the report builder stores them (spec 2 §3.8).

export type ReportCase = { name: string; config: ReportConfigInput };

const GROUPS = [
  'supplier_onboarding__intake',
  'supplier_onboarding__due_diligence',
  'supplier_onboarding__approval',
] as const;

export function reportCases(kindId: number): ReportCase[] {
  const kind = { kind_id: kindId };
  return [
    {
      name: 'count by status and month',
      config: {
        ...kind,
        chart_type: 'BAR_CHART',
        group_by: [
          { source: 'workflow__status_tag' },
          {
            source: 'workflow__created_at',
            extra_json: { operation_type: 'month', is_for_secondary_x_axis: true },
          },
        ],
        operations: [{ function: 'count' }],
      },
    },
    {
      name: 'average cycle time of the three step groups',
      config: {
        ...kind,
        chart_type: 'BAR_CHART',
        operations: GROUPS.map((group) => ({
          function: 'avg' as const,
          arguments: [{ type: 'column' as const, value: `step_group__${group}__cycle_time` }],
        })),
      },
    },
    {
      name: 'cycle-time report of one step group by status',
      config: {
        ...kind,
        chart_type: 'BAR_CHART',
        group_by: [{ source: 'workflow__status_tag' }],
        other_configurations: { is_cycle_time_report: true, cycle_time_tag: GROUPS[1] },
      },
    },
    {
      name: 'count by an answer (country)',
      config: { ...kind, chart_type: 'BAR_CHART', group_by: [{ source: `field__${F.country}` }] },
    },
    {
      name: 'sum of an answer by country, approved only',
      config: {
        ...kind,
        chart_type: 'BAR_CHART',
        group_by: [{ source: `field__${F.country}` }],
        operations: [{ function: 'sum', arguments: [{ type: 'column', value: `field__${F.annualSpend}` }] }],
        filters: {
          type: 'AND',
          conditions: [
            { lhs_source: 'workflow__status', data_type: 'choice', op: 'eq', rhs_value: 'approved' },
          ],
        },
      },
    },
  ];
}
