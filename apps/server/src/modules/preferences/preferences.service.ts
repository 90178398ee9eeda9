import {
  type CreatePreferenceRequest,
  PREFERENCE_MESSAGES,
  PREFERENCE_VALUE_SCHEMAS,
  PREFERENCES_PER_KIND_MAX,
  type Preference,
  type PreferenceKind,
  type PreferencesQuery,
} from '@attest/shared';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { reportVisibility } from '../reports/index.js';
import { workflowAccess } from '../workflows/index.js';
import { preferencesRepository, type ReferenceRule } from './preferences.repository.js';
import { checkSavedFilterValue } from './saved-filter-value.js';
import { checkSavedRecordViewValue } from './saved-record-view-value.js';

type Row = { id: string; kind: string; name: string; value: Record<string, unknown>; created_at: Date };

function toPreference(row: Row): Preference {
  return {
    id: Number(row.id),
    kind: row.kind as PreferenceKind,
    name: row.name,
    value: row.value,
    created_at: row.created_at.toISOString(),
  };
}

function referenceRule(ctx: UserContext): ReferenceRule {
  return {
    userId: ctx.auth.user.id,
    mayViewReports: reportVisibility.mayViewReports(ctx.auth.permissions),
  };
}

// Spec 2 §3.6: the signed-in user's own preferences of one kind, newest first. A pinned workflow or
// favourite report the user can no longer see (a region taken away, the report permission lost) is
// left out, so the list never names what a detail would refuse.
export function listPreferences(ctx: UserContext, query: PreferencesQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await preferencesRepository.page(tx, referenceRule(ctx), query);
    return { count, rows: rows.map(toPreference) };
  });
}

function checkedValue(kind: PreferenceKind, value: unknown): Record<string, unknown> {
  const parsed = PREFERENCE_VALUE_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    throw new BadRequestError(undefined, { value: parsed.error.issues.map((i) => i.message) });
  }
  if (kind === 'saved_filters') checkSavedFilterValue(parsed.data as { query: string });
  if (kind === 'saved_record_views') checkSavedRecordViewValue(parsed.data as { query: string });
  return parsed.data;
}

// A pinned workflow or favourite report must be one the user may open, by the owning module's own
// rule; otherwise 404, as its detail answers, so ids of other tenants and hidden regions cannot be
// probed. A saved filter keeps list conditions, not references: the list applies visibility itself.
async function checkReference(
  tx: Tx,
  ctx: UserContext,
  kind: PreferenceKind,
  value: Record<string, unknown>,
) {
  if (kind === 'pinned_workflows') {
    if (!(await workflowAccess(tx, ctx.auth.user.id, String(value.workflow_id)))) throw new NotFoundError();
  } else if (kind === 'favorite_reports') {
    if (!(await reportVisibility.canView(tx, ctx.auth.permissions, String(value.report_id)))) {
      throw new NotFoundError();
    }
  }
}

export function createPreference(ctx: UserContext, body: CreatePreferenceRequest) {
  const value = checkedValue(body.kind, body.value);
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await checkReference(tx, ctx, body.kind, value);
    // Serialises one user's concurrent saves, so the bound and the unique name hold under races.
    await preferencesRepository.lockUser(tx, ctx.tenant.id, userId);
    if ((await preferencesRepository.countOfKind(tx, userId, body.kind)) >= PREFERENCES_PER_KIND_MAX) {
      throw new BadRequestError(PREFERENCE_MESSAGES.limitReached);
    }
    if (await preferencesRepository.named(tx, userId, body.kind, body.name)) {
      throw new BadRequestError(PREFERENCE_MESSAGES.duplicateName, {
        name: [PREFERENCE_MESSAGES.duplicateName],
      });
    }
    const row = await preferencesRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      userId,
      kind: body.kind,
      name: body.name,
      value,
    });
    return toPreference(row);
  });
}

// Another user's preference (or another tenant's) does not exist for this user: 404.
export function deletePreference(ctx: UserContext, id: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await preferencesRepository.delete(tx, ctx.auth.user.id, String(id)))) throw new NotFoundError();
  });
}
