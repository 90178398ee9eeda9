import {
  type ConditionGroup,
  type FilterAttribute,
  type ReportFilterGroup,
  validateConditionGroup,
} from '@attest/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { DetailedBadRequestError } from '../../../platform/errors.js';
import { compileConditionGroup } from '../../workflow-list/index.js';

// Spec 2 §3.8 filter conditions ({type, conditions} with leaves {lhs_source, data_type, op,
// rhs_value}) are the dashboard's advanced filter group under other names (docs/dashboard.md): a
// leaf's lhs_source is a catalogue path. Converted, they go through the same validator and the same
// compiler, so a report filters exactly as the workflow list does.
export function toConditionGroup(group: ReportFilterGroup): ConditionGroup {
  return converted(group, '', '', new Map()).group;
}

const join = (prefix: string, part: string) => (prefix ? `${prefix}.${part}` : part);

// The group and, for each converted path (`groups.1.conditions.0`), the report's own
// (`conditions.3.conditions.0`), so a problem names the condition the builder shows.
function converted(
  group: ReportFilterGroup,
  at: string,
  reportAt: string,
  paths: Map<string, string>,
): { group: ConditionGroup; paths: Map<string, string> } {
  const out: ConditionGroup = { compareType: group.type, conditions: [], groups: [] };
  paths.set(at, reportAt);
  group.conditions.forEach((condition, index) => {
    const reportPath = join(reportAt, `conditions.${index}`);
    if ('lhs_source' in condition) {
      paths.set(join(at, `conditions.${out.conditions.length}`), reportPath);
      out.conditions.push({
        field: condition.lhs_source,
        ...(condition.data_type === undefined ? {} : { type: condition.data_type }),
        operator: condition.op,
        value: condition.rhs_value,
      });
    } else {
      const child = converted(condition, join(at, `groups.${out.groups.length}`), reportPath, paths);
      out.groups.push(child.group);
    }
  });
  return { group: out, paths };
}

// How a validated group becomes SQL: the workflow list's compiler (over `workflows as w`) by
// default; an Object Report passes the records list's (over `records as r`).
export type ConditionCompiler = (
  group: ConditionGroup,
  catalogue: Map<string, FilterAttribute>,
  now: Date,
) => RawBuilder<SqlBool>;

// The report's filters as one boolean over `workflows as w` (or the compiler's row); 400
// `invalid_filter` with every problem, as the list answers, when a condition is not valid for the
// kind's catalogue. Problem paths are the report's (`conditions.1.conditions.0`).
export function reportFilterSql(
  filters: ReportFilterGroup,
  catalogue: Map<string, FilterAttribute>,
  now: Date,
  compile: ConditionCompiler = compileConditionGroup,
): RawBuilder<SqlBool> {
  const { group, paths } = converted(filters, '', '', new Map());
  if (group.conditions.length === 0 && group.groups.length === 0) return sql<SqlBool>`true`;
  const problems = validateConditionGroup(group, catalogue).problems.map((problem) => ({
    ...problem,
    path: paths.get(problem.path) ?? problem.path,
  }));
  const first = problems[0];
  if (first) {
    throw new DetailedBadRequestError('invalid_filter', `filters: ${first.key} at '${first.path}'.`, {
      problems,
    });
  }
  return compile(group, catalogue, now);
}
