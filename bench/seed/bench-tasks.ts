import type pg from 'pg';

// Work for the bench user in every tab of the task inbox (issue 16, bench/tasks.ts). The clones copy
// the engine's assignees, which are groups only, so without this 'my tasks' and 'delegated' would be
// empty: the bench user gets direct assignments on about 1 open step in 50 (~2,500 at 1M), a
// colleague on about 1 in 250 (~500), and that colleague an active delegation to the bench user.
// 'group' needs nothing: the bench user is in Compliance, which holds one of the onboarding's steps.
//
// Idempotent, and run on an existing bench database too (seed-million.ts with the tenant already
// there), so a database seeded before migration 0025 gets its delegation without a reseed. The rows go
// in through the ordinary path (no replica mode), so the open_tasks triggers see them.

export const BENCH_TASKS = {
  // Every open step of a workflow whose id is divisible by this is the bench user's.
  mineEvery: 50,
  // The colleague's: id % delegatorEvery = delegatorOffset, disjoint from the bench user's.
  delegatorEvery: 250,
  delegatorOffset: 125,
  delegatorEmail: 'ana.ahmed@bench1m.test',
};

export type BenchTasksResult = {
  mine: number;
  delegator: number;
  delegation: 'added' | 'present' | 'no task_delegations table yet';
};

export async function seedBenchTasks(
  client: pg.Client,
  options: { tenantId: string; userId: string },
): Promise<BenchTasksResult> {
  const { tenantId, userId } = options;
  const delegator = await client.query<{ id: string }>(
    `select id from users where tenant_id = $1 and email = $2`,
    [tenantId, BENCH_TASKS.delegatorEmail],
  );
  const delegatorId = delegator.rows[0]?.id;
  if (!delegatorId) throw new Error(`No colleague ${BENCH_TASKS.delegatorEmail} in the bench tenant.`);

  const assign = (user: string, every: number, offset: number) =>
    client.query(
      `insert into workflow_step_users (tenant_id, workflow_id, step_tag, user_id, added_by, created_at)
       select s.tenant_id, s.workflow_id, s.step_tag, $2::bigint, $2::bigint, coalesce(s.initiated_at, now())
       from workflow_steps s join workflows w on w.tenant_id = s.tenant_id and w.id = s.workflow_id
       where s.tenant_id = $1 and s.state = 'enabled' and w.archived_at is null
         and w.test_environment is null
         and s.workflow_id % $3 = $4
       on conflict (tenant_id, workflow_id, step_tag, user_id) where user_id is not null do nothing`,
      [tenantId, user, every, offset],
    );
  const mine = await assign(userId, BENCH_TASKS.mineEvery, 0);
  const delegated = await assign(delegatorId, BENCH_TASKS.delegatorEvery, BENCH_TASKS.delegatorOffset);

  let delegation: BenchTasksResult['delegation'] = 'no task_delegations table yet';
  const table = await client.query<{ exists: boolean }>(
    `select to_regclass('public.task_delegations') is not null as exists`,
  );
  if (table.rows[0]?.exists) {
    // Ten years from a week ago: active on any day the benchmark runs.
    const added = await client.query(
      `insert into task_delegations (tenant_id, delegator_id, delegate_id, starts_on, ends_on, created_by)
       select $1, $2, $3, current_date - 7, current_date + 3650, $2
       where not exists (select 1 from task_delegations where tenant_id = $1 and delegator_id = $2
         and delegate_id = $3 and revoked_at is null and current_date between starts_on and ends_on)`,
      [tenantId, delegatorId, userId],
    );
    delegation = (added.rowCount ?? 0) > 0 ? 'added' : 'present';
  }
  return { mine: mine.rowCount ?? 0, delegator: delegated.rowCount ?? 0, delegation };
}
