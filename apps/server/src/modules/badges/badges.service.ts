import {
  BADGE_MESSAGES,
  type BadgeDefinition,
  type BadgeDefinitionCreate,
  type BadgeDefinitionsQuery,
  type BadgeDefinitionUpdate,
  type BadgeIcon,
  type ConditionGroup,
  MAX_BADGE_DEFINITIONS,
} from '@attest/shared';
import { type AuditAction, recordAudit } from '../../platform/audit/audit-log.js';
import { isUniqueViolation } from '../../platform/database-errors.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { JobSender } from '../../platform/mail/mailer.js';
import type { UserContext } from '../../platform/request-context.js';
import { afterCommit, type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { badgeAwardsRepository } from './badge-awards.repository.js';
import { sendBadgeRefresh } from './badge-jobs.js';
import { assertValidRule, ruleCatalogue } from './badge-rules.js';
import {
  type BadgeDefinitionRow,
  type BadgeDefinitionValues,
  badgesRepository,
} from './badges.repository.js';

// Settings > Badges: definitions are listed with 'can_view_badge_definitions', created with
// 'can_create_badge_definitions' and changed, archived or deleted with 'can_change_badge_definitions'
// (the routes check them). Every change is audited in its own transaction; a change of what
// awards the badge (rule, kind, archived) starts the walk over the tenant's workflows.
export type BadgeServiceDeps = { jobs: JobSender | null };

export function listBadgeDefinitions(ctx: UserContext, query: BadgeDefinitionsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await badgesRepository.page(tx, {
      ...query,
      archived: query.archived === 'true',
    });
    const held = await badgesRepository.holderCounts(
      tx,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((row) => toDefinition(row, held.get(row.id) ?? 0)), count };
  });
}

export function getBadgeDefinition(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await found(tx, id);
    const held = await badgesRepository.holderCounts(tx, [row.id]);
    return toDefinition(row, held.get(row.id) ?? 0);
  });
}

export function createBadgeDefinition(
  ctx: UserContext,
  deps: BadgeServiceDeps,
  input: BadgeDefinitionCreate,
  ip: string | null,
): Promise<BadgeDefinition> {
  return tagTakenOnConflict(
    withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      if (await badgesRepository.tagTaken(tx, input.tag)) throw tagTaken();
      if ((await badgesRepository.liveCount(tx)) >= MAX_BADGE_DEFINITIONS) {
        throw new BadRequestError(BADGE_MESSAGES.tooMany);
      }
      const values = await checkedValues(tx, ctx.tenant.id, input);
      const id = await badgesRepository.create(tx, ctx.tenant.id, ctx.auth.user.id, input.tag, values);
      await badgesRepository.startRecompute(tx, id);
      await audit(ctx, tx, ip, 'badge_definition.created', { badge_id: Number(id), tag: input.tag });
      afterCommit(tx, () => void sendBadgeRefresh(deps.jobs, ctx.tenant.id));
      return toDefinition(await found(tx, Number(id)), 0);
    }),
  );
}

export function updateBadgeDefinition(
  ctx: UserContext,
  deps: BadgeServiceDeps,
  id: number,
  input: BadgeDefinitionUpdate,
  ip: string | null,
): Promise<BadgeDefinition> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const before = await found(tx, id);
    const { archived, ...rest } = input;
    const merged = {
      label: rest.label ?? before.label,
      label_translations: rest.label_translations ?? before.label_translations,
      colour: rest.colour ?? before.colour,
      icon: (rest.icon ?? before.icon) as BadgeIcon,
      kind_id: rest.kind_id === undefined ? numberOrNull(before.kind_id) : rest.kind_id,
      rule: rest.rule ?? (before.rule as ConditionGroup),
    };
    const values = await checkedValues(tx, ctx.tenant.id, merged);
    const restoring = archived === false && before.archived_at !== null;
    if (restoring && (await badgesRepository.liveCount(tx)) >= MAX_BADGE_DEFINITIONS) {
      throw new BadRequestError(BADGE_MESSAGES.tooMany);
    }
    const archiving = archived === true && before.archived_at === null;
    const archivedAt = archiving ? new Date() : restoring ? null : undefined;
    await badgesRepository.update(tx, before.id, {
      ...values,
      ...(archivedAt === undefined ? {} : { archived_at: archivedAt }),
    });
    const awarding = !sameJson(values.rule, before.rule) || values.kind_id !== before.kind_id;
    if (awarding || restoring) {
      await badgesRepository.startRecompute(tx, before.id);
      afterCommit(tx, () => void sendBadgeRefresh(deps.jobs, ctx.tenant.id));
    }
    const details = { badge_id: id, tag: before.tag, changed: changedKeys(before, values) };
    await audit(ctx, tx, ip, 'badge_definition.changed', details);
    if (archiving) await audit(ctx, tx, ip, 'badge_definition.archived', { badge_id: id, tag: before.tag });
    if (restoring) await audit(ctx, tx, ip, 'badge_definition.restored', { badge_id: id, tag: before.tag });
    const held = await badgesRepository.holderCounts(tx, [before.id]);
    return toDefinition(await found(tx, id), held.get(before.id) ?? 0);
  });
}

// A badge some workflow holds is archived (filters and reports that name its tag keep meaning
// something, and it can be restored); one nobody holds is deleted.
export function deleteBadgeDefinition(ctx: UserContext, id: number, ip: string | null) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await found(tx, id);
    if (await badgeAwardsRepository.isHeld(tx, row.id)) {
      if (row.archived_at === null) {
        await badgesRepository.update(tx, row.id, { archived_at: new Date() });
        await audit(ctx, tx, ip, 'badge_definition.archived', { badge_id: id, tag: row.tag });
      }
      return { outcome: 'archived' as const };
    }
    await badgesRepository.delete(tx, row.id);
    await audit(ctx, tx, ip, 'badge_definition.deleted', { badge_id: id, tag: row.tag });
    return { outcome: 'deleted' as const };
  });
}

async function found(tx: Tx, id: number): Promise<BadgeDefinitionRow> {
  const row = await badgesRepository.find(tx, String(id));
  if (!row) throw new NotFoundError();
  return row;
}

// The kind must be the tenant's, and the rule valid against the kind's attributes (400 otherwise).
async function checkedValues(
  tx: Tx,
  tenantId: string,
  input: Omit<BadgeDefinitionCreate, 'tag'>,
): Promise<BadgeDefinitionValues> {
  const kindId = input.kind_id === null ? null : String(input.kind_id);
  if (kindId !== null && !(await badgesRepository.kindExists(tx, kindId))) {
    throw new BadRequestError(BADGE_MESSAGES.unknownKind, { kind_id: [BADGE_MESSAGES.unknownKind] });
  }
  assertValidRule(input.rule, await ruleCatalogue(tx, tenantId, kindId));
  return {
    label: input.label,
    label_translations: input.label_translations,
    colour: input.colour,
    icon: input.icon,
    kind_id: kindId,
    rule: input.rule as unknown as Record<string, unknown>,
  };
}

function changedKeys(before: BadgeDefinitionRow, after: BadgeDefinitionValues): string[] {
  return (Object.keys(after) as (keyof BadgeDefinitionValues)[]).filter(
    (key) => !sameJson(after[key], before[key]),
  );
}

// jsonb hands objects back with its own key order: compared key-sorted, an unchanged rule is the
// same rule (an edit of the label alone starts no recomputation).
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
          )
        : value;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function numberOrNull(id: string | null): number | null {
  return id === null ? null : Number(id);
}

function toDefinition(row: BadgeDefinitionRow, held: number): BadgeDefinition {
  return {
    id: Number(row.id),
    tag: row.tag,
    label: row.label,
    label_translations: row.label_translations,
    colour: row.colour,
    icon: row.icon as BadgeIcon,
    kind_id: numberOrNull(row.kind_id),
    rule: row.rule as ConditionGroup,
    archived: row.archived_at !== null,
    workflow_count: held,
    recompute: row.recompute_total === null ? null : { done: row.recompute_done, total: row.recompute_total },
    updated_at: row.updated_at.toISOString(),
  };
}

// The check above and a concurrent create can both pass; the unique key decides.
async function tagTakenOnConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUniqueViolation(error) ? tagTaken() : error;
  }
}

function tagTaken(): BadRequestError {
  return new BadRequestError(BADGE_MESSAGES.tagTaken, { tag: [BADGE_MESSAGES.tagTaken] });
}

function audit(ctx: UserContext, tx: Tx, ip: string | null, action: AuditAction, details: object) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    details: details as Record<string, unknown>,
    ipAddress: ip,
  });
}
