import { BADGE_PATHS, BadgeDefinitionSchema, type ConditionGroup, WORKFLOW_PATHS } from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, type TestClient } from '../../test/test-app.js';
import { publishAll, type WorkflowTestTenant, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { clockBadges, refreshClockBadges } from './badge-clock.js';
import { BADGE_CLOCK_TENANT_QUEUE, sweepClockBadges } from './badge-jobs.js';
import { refreshTenantBadges } from './badge-refresh.js';

// Issue 19: rules whose truth changes with time alone are walked by the hourly clock job, at the
// job's `now` (set here instead of waiting).
const { app, db, adminDb } = await createTestApp();

const CT = { step: 'contract__terms__main', ends: 'contract__terms__main__ends' } as const;
const CONTRACT = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'contract', name: 'Contract' },
  statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
  initial_status: 'open',
  step_groups: [
    {
      tag: 'contract__terms',
      name: 'Terms',
      steps: [
        {
          tag: CT.step,
          name: 'Main',
          assignees: { group_names: ['Admins'] },
          fields: [{ tag: CT.ends, type: 'date', label: 'Contract end' }],
        },
      ],
    },
  ],
};

let t: WorkflowTestTenant;
let admin: TestClient;
let contractKind: number;

beforeAll(async () => {
  t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_create_badge_definitions', 'can_change_badge_definitions']);
  const [published] = await publishAll(adminDb, t.id, [CONTRACT]);
  contractKind = Number(published?.kindId);
  admin = await t.signedIn('admin');
});

const DAY = 86_400_000;
const daysFrom = (base: Date, days: number) => new Date(base.getTime() + days * DAY);

const rule = (operator: 'is_within_last' | 'is_within_next' | 'is_set', value?: string): ConditionGroup => ({
  compareType: 'AND',
  conditions: [{ field: `field__${CT.ends}`, type: 'date', operator, ...(value ? { value } : {}) }],
  groups: [],
});

async function createBadge(tag: string, badgeRule: ConditionGroup) {
  const response = await admin.post(BADGE_PATHS.definitions, {
    tag,
    label: tag,
    colour: '#e8590c',
    icon: 'clock',
    kind_id: contractKind,
    rule: badgeRule,
  });
  expect(response.statusCode, response.body).toBe(201);
  return BadgeDefinitionSchema.parse(response.json());
}

async function createContract(name: string, ends: Date | null) {
  const response = await admin.post('/api/v1/workflows/', {
    kind_id: contractKind,
    name,
    region_id: t.ids.region('Europe'),
    business_unit_id: t.ids.unit('Paris'),
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as number;
  if (ends) {
    const answered = await admin.post(WORKFLOW_PATHS.answer(id), {
      field_tag: CT.ends,
      value: ends.toISOString().slice(0, 10),
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
  return id;
}

async function holders(badgeId: number): Promise<number[]> {
  const { rows } = await sql<{ workflow_id: string }>`select workflow_id from workflow_badges
    where tenant_id = ${t.id} and badge_id = ${badgeId} order by workflow_id`.execute(adminDb);
  return rows.map((r) => Number(r.workflow_id));
}

describe('clock-based badge rules', () => {
  it('walks the clock badges in bounded batches at the given now, awarding and withdrawing, idempotently', async () => {
    const today = new Date();
    const recent = await createBadge('ended_recently', rule('is_within_last', '30d'));
    const dated = await createBadge('has_end_date', rule('is_set'));
    const endedTenDaysAgo = await createContract('Ended 10 days ago', daysFrom(today, -10));
    const endedSixtyDaysAgo = await createContract('Ended 60 days ago', daysFrom(today, -60));
    const undated = await createContract('No end date', null);
    await refreshTenantBadges(db, t.id);
    expect(await holders(recent.id)).toEqual([endedTenDaysAgo]);
    expect(await holders(dated.id)).toEqual([endedTenDaysAgo, endedSixtyDaysAgo]);

    // Only the rule that reads the clock is walked.
    expect((await clockBadges(db, t.id)).map((d) => d.tag)).toContain('ended_recently');
    expect((await clockBadges(db, t.id)).map((d) => d.tag)).not.toContain('has_end_date');

    // 25 days on, nothing changed but the date: the first has ended 35 days ago.
    const later = await refreshClockBadges(db, t.id, daysFrom(today, 25), 1);
    expect(later).toEqual({ badges: 1, evaluated: 3 });
    expect(await holders(recent.id)).toEqual([]);
    // Other badges' holdings are not touched by the walk.
    expect(await holders(dated.id)).toEqual([endedTenDaysAgo, endedSixtyDaysAgo]);

    // 35 days back, the second had ended 25 days before; the first was still running.
    await refreshClockBadges(db, t.id, daysFrom(today, -35), 2);
    expect(await holders(recent.id)).toEqual([endedSixtyDaysAgo]);
    // The same walk again (a retried job) changes nothing.
    await refreshClockBadges(db, t.id, daysFrom(today, -35), 2);
    expect(await holders(recent.id)).toEqual([endedSixtyDaysAgo]);
    expect(await holders(recent.id)).not.toContain(undated);

    // Back to today.
    await refreshClockBadges(db, t.id, today);
    expect(await holders(recent.id)).toEqual([endedTenDaysAgo]);
  });

  it("awards 'contract ends within the next 30 days' as the day comes near, and withdraws it once ended", async () => {
    const today = new Date();
    const ending = await createBadge('ending_soon', rule('is_within_next', '30d'));
    const endsIn45Days = await createContract('Ends in 45 days', daysFrom(today, 45));
    await refreshTenantBadges(db, t.id);
    expect(await holders(ending.id)).not.toContain(endsIn45Days);
    await refreshClockBadges(db, t.id, daysFrom(today, 20));
    expect(await holders(ending.id)).toContain(endsIn45Days);
    await refreshClockBadges(db, t.id, daysFrom(today, 46));
    expect(await holders(ending.id)).not.toContain(endsIn45Days);
  });

  it('ends the walk of a badge archived meanwhile, and walks nothing for a tenant without clock rules', async () => {
    const archived = await createBadge('archived_clock', rule('is_within_last', '7d'));
    const response = await admin.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(archived.id),
      payload: { archived: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await clockBadges(db, t.id)).map((d) => d.tag)).not.toContain('archived_clock');
    const other = await createTestTenant(adminDb);
    expect(await refreshClockBadges(db, other.id, new Date())).toEqual({ badges: 0, evaluated: 0 });
  });

  it("the hourly sweep sends one walk per tenant with clock rules, carrying the sweep's now", async () => {
    const other = await createTestTenant(adminDb);
    const sent: { queue: string; data: Record<string, unknown>; key: unknown }[] = [];
    const jobs = {
      send: async (queue: string, data: object, options?: { singletonKey?: string }) => {
        sent.push({ queue, data: data as Record<string, unknown>, key: options?.singletonKey });
        return null;
      },
    };
    const now = new Date('2026-11-27T11:07:00.000Z');
    await sweepClockBadges(jobs, db, adminDb, now);
    const ours = sent.filter((s) => s.data.tenantId === t.id);
    expect(ours).toEqual([
      {
        queue: BADGE_CLOCK_TENANT_QUEUE,
        data: { tenantId: t.id, now: '2026-11-27T11:07:00.000Z' },
        key: t.id,
      },
    ]);
    expect(sent.some((s) => s.data.tenantId === other.id)).toBe(false);
  });
});
