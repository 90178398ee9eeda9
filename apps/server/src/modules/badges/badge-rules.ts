import {
  BADGE_MESSAGES,
  type ConditionGroup,
  catalogueIndex,
  type FilterAttribute,
  type FilterProblem,
  validateConditionGroup,
} from '@attest/shared';
import { DetailedBadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { catalogueForKinds, compileConditionGroup } from '../workflow-list/index.js';
import type { CompiledBadge } from './badge-awards.repository.js';
import type { BadgeDefinitionRow } from './badges.repository.js';

// A rule is the advanced filter's condition group over the attributes of its kind (or, without a
// kind, those every workflow has), checked and compiled by the list's own code: a badge holds
// exactly where the dashboard's filter with the same conditions would list the workflow.
const BADGES_PATH = 'workflow__badges';

// The attributes a rule may name: the list's catalogue without badges, so no rule depends on one.
export async function ruleCatalogue(
  tx: Tx,
  tenantId: string,
  kindId: string | null,
): Promise<Map<string, FilterAttribute>> {
  const attributes = await catalogueForKinds(tx, tenantId, kindId === null ? null : [kindId]);
  return catalogueIndex(attributes.filter((a) => a.path !== BADGES_PATH));
}

// 400 with every problem of the rule (the filter's keys, which the web translates), or nothing.
export function assertValidRule(rule: ConditionGroup, catalogue: Map<string, FilterAttribute>): void {
  const { problems } = validateConditionGroup(rule, catalogue);
  const first = problems[0];
  if (!first) return;
  const onBadges = (problem: FilterProblem) => problem.params?.field === BADGES_PATH;
  const detail = onBadges(first) ? BADGE_MESSAGES.badgeInRule : `rule: ${first.key} at '${first.path}'.`;
  throw new DetailedBadRequestError('invalid_rule', detail, { problems });
}

// Rules whose truth changes with time alone: a date 'is within last' or 'next' a period (read against the
// evaluation's `now`), a workflow's running cycle time, a step's SLA (read against the database's
// clock). The clock walk (badge-clock.ts) re-evaluates these; every other rule changes only when
// the workflow does.
const CLOCK_STEP_ATTRIBUTES: ReadonlySet<string> = new Set(['overdue', 'is_sla_breached']);
export function readsClock(rule: ConditionGroup, catalogue: Map<string, FilterAttribute>): boolean {
  const clockAttribute = (path: string) => {
    const source = catalogue.get(path)?.source;
    if (source?.kind === 'workflow') return source.attribute === 'cycle_time';
    return source?.kind === 'step' && CLOCK_STEP_ATTRIBUTES.has(source.attribute);
  };
  return (
    rule.conditions.some(
      (c) => c.operator === 'is_within_last' || c.operator === 'is_within_next' || clockAttribute(c.field),
    ) || rule.groups.some((group) => readsClock(group, catalogue))
  );
}

// The live definitions' rules as SQL. A rule the kind's current definition no longer fits (a field
// since removed) awards nothing rather than failing every refresh of the tenant.
export async function compileBadges(
  tx: Tx,
  tenantId: string,
  definitions: readonly BadgeDefinitionRow[],
  now: Date,
): Promise<CompiledBadge[]> {
  const catalogues = new Map<string, Map<string, FilterAttribute>>();
  const compiled: CompiledBadge[] = [];
  for (const definition of definitions) {
    const key = definition.kind_id ?? '';
    let catalogue = catalogues.get(key);
    if (!catalogue) {
      catalogue = await ruleCatalogue(tx, tenantId, definition.kind_id);
      catalogues.set(key, catalogue);
    }
    const rule = definition.rule as ConditionGroup;
    if (!validateConditionGroup(rule, catalogue).valid) continue;
    compiled.push({
      id: definition.id,
      kindId: definition.kind_id,
      predicate: compileConditionGroup(rule, catalogue, now),
    });
  }
  return compiled;
}
