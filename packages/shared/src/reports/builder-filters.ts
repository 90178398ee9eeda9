import type { ConditionGroup, FilterCondition } from '../filters/condition-group.js';
import type { ReportFilterGroup, ReportFilterLeaf } from './config.js';

// Spec 2 §3.8 filter conditions and the dashboard's advanced filter (spec 1 §3) are one model
// under two names: a report stores {type, conditions: [leaf | group]} with leaves {lhs_source,
// data_type, op, rhs_value}; the filter builder edits {compareType, conditions, groups} with
// conditions {field, type, operator, value}. The report builder edits a report's filters with the
// dashboard's FilterBuilder through these two conversions.

// A report's filters as the builder's group: a group's leaves keep their order, and so do its
// groups (a report may interleave them; the builder lists leaves first, which means the same).
export function conditionGroupOfReportFilters(group: ReportFilterGroup): ConditionGroup {
  const out: ConditionGroup = { compareType: group.type, conditions: [], groups: [] };
  for (const condition of group.conditions) {
    if ('lhs_source' in condition) out.conditions.push(conditionOfLeaf(condition));
    else out.groups.push(conditionGroupOfReportFilters(condition));
  }
  return out;
}

function conditionOfLeaf(leaf: ReportFilterLeaf): FilterCondition {
  return {
    field: leaf.lhs_source,
    ...(leaf.data_type === undefined ? {} : { type: leaf.data_type }),
    operator: leaf.op,
    value: leaf.rhs_value,
  };
}

// The builder's group as a report's filters: leaves first, then groups. A condition without an
// operator or value yet keeps null, as §3.8's leaf does.
export function reportFiltersOfConditionGroup(group: ConditionGroup): ReportFilterGroup {
  return {
    type: group.compareType,
    conditions: [
      ...group.conditions.map(
        (condition): ReportFilterLeaf => ({
          lhs_type: 'attribute',
          ...(condition.type === undefined ? {} : { data_type: condition.type }),
          lhs_source: condition.field,
          op: condition.operator ?? null,
          rhs_value: condition.value ?? null,
          extra_json: {},
        }),
      ),
      ...group.groups.map(reportFiltersOfConditionGroup),
    ],
  };
}
