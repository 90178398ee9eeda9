import { IntegrationRunsSchema, WORKFLOW_PATHS, WorkflowDetailSchema } from '@attest/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createDocCheck, DC, DOC_CHECK_DEFINITION, publishDocCheck } from '../../test/attachment-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';
import { createWorkflows, currentKind } from '../workflows/index.js';
import { queueStepIntegrations } from './integration-queue.js';
import { queueOpenIntegrationSteps } from './open-step-runs.js';

const { app, adminDb, services } = await createTestApp();

async function setUp() {
  const t = await workflowTestTenant(app, adminDb);
  const kind = await publishDocCheck(adminDb, t);
  const admin = await t.signedIn('admin');
  const id = await createDocCheck(t, admin, kind);
  return { t, admin, id };
}

async function answer(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

async function submitIntake(client: TestClient, id: number, name: string, country: string) {
  await answer(client, id, DC.supplierName, name);
  await answer(client, id, DC.country, country);
  const submitted = await client.post(WORKFLOW_PATHS.submitStep(id, DC.intake), {});
  expect(submitted.statusCode, submitted.body).toBe(200);
}

async function runs(client: TestClient, id: number) {
  const response = await client.get(WORKFLOW_PATHS.integrations(id));
  expect(response.statusCode, response.body).toBe(200);
  return IntegrationRunsSchema.parse(response.json());
}

async function detail(client: TestClient, id: number) {
  return WorkflowDetailSchema.parse((await client.get(WORKFLOW_PATHS.workflow(id))).json());
}

async function activity(tenantId: string, id: number) {
  return adminDb
    .selectFrom('workflow_activity')
    .select(['action', 'actor_user_id', 'step_tag', 'field_tag', 'details'])
    .where('tenant_id', '=', tenantId)
    .where('workflow_id', '=', String(id))
    .orderBy('id')
    .execute();
}

describe('integration steps as jobs', () => {
  it('queues a run when submitting opens the step; the run goes waiting -> finished and pre-fills the step', async () => {
    const { t, admin, id } = await setUp();
    await submitIntake(admin, id, 'Mahan Air Ltd', 'IR');
    const waiting = await runs(admin, id);
    expect(waiting.count).toBe(1);
    expect(waiting.results[0]).toMatchObject({
      step_tag: DC.screening,
      connector: 'sanctions_screening',
      state: 'waiting',
      result: null,
      finished_at: null,
    });
    const before = await detail(admin, id);
    expect(before.steps.find((s) => s.tag === DC.screening)?.integration).toEqual({
      state: 'waiting',
      connector: 'sanctions_screening',
    });

    expect(await services.integrations.runWaiting(t.id)).toBe(1);
    const [run] = (await runs(admin, id)).results;
    expect(run).toMatchObject({ state: 'finished', error: null });
    expect(run?.finished_at).not.toBeNull();
    expect(run?.result).toMatchObject({
      outcome: 'confirmed_match',
      screened_name: 'Mahan Air Ltd',
      country: 'IR',
      sanctioned_jurisdiction: true,
      matches: [{ name: 'Mahan Air', country: 'IR', programme: 'Iran', match: 'exact' }],
    });

    // The connector's answers, as the platform's: versioned, with no person behind them.
    const after = await detail(admin, id);
    expect(after.answers[DC.sanctionsResult]).toBe('confirmed_match');
    expect(String(after.answers[DC.sanctionsNotes])).toContain(
      'Exact match: Mahan Air (IR, Iran programme).',
    );
    expect(after.answer_meta[DC.sanctionsResult]?.answered_by).toBeNull();
    expect(after.steps.find((s) => s.tag === DC.screening)?.integration).toEqual({
      state: 'finished',
      connector: 'sanctions_screening',
    });

    const log = await activity(t.id, id);
    const queued = log.find((e) => e.action === 'queued');
    expect(queued).toMatchObject({ actor_user_id: String(t.users.admin), step_tag: DC.screening });
    expect(queued?.details).toMatchObject({ event: 'integration_queued', connector: 'sanctions_screening' });
    expect(log.indexOf(queued as (typeof log)[number])).toBeLessThan(
      log.findIndex((e) => e.action === 'performed'),
    );
    const performed = log.find((e) => e.action === 'performed');
    expect(performed).toMatchObject({ actor_user_id: null, step_tag: DC.screening });
    expect(performed?.details).toMatchObject({
      event: 'integration_finished',
      connector: 'sanctions_screening',
      field_tags: [DC.sanctionsResult, DC.sanctionsNotes],
    });
    expect(
      log.filter((e) => e.action === 'updated' && e.actor_user_id === null).map((e) => e.field_tag),
    ).toEqual([DC.sanctionsResult, DC.sanctionsNotes]);
    // Nothing is left to run, and a finished run never runs twice.
    expect(await services.integrations.runWaiting(t.id)).toBe(0);
    expect(await services.integrations.run(t.id, String(run?.id))).toBe('skipped');
  });

  it('flags a sanctioned jurisdiction without a name match, and never overwrites an answer someone gave', async () => {
    const { t, admin, id } = await setUp();
    await submitIntake(admin, id, 'Northwind Trading', 'RU');
    await answer(admin, id, DC.sanctionsResult, 'no_match');
    expect(await services.integrations.runWaiting(t.id)).toBe(1);
    const [run] = (await runs(admin, id)).results;
    expect(run?.result).toMatchObject({
      outcome: 'potential_match',
      matches: [],
      sanctioned_jurisdiction: true,
    });
    const after = await detail(admin, id);
    expect(after.answers[DC.sanctionsResult]).toBe('no_match');
    expect(after.answers[DC.sanctionsNotes]).toBeUndefined();
  });

  it('records a failed run with its reason: nothing to screen, or an unknown connector', async () => {
    const { t, admin, id } = await setUp();
    const unknown = {
      ...DOC_CHECK_DEFINITION,
      step_groups: DOC_CHECK_DEFINITION.step_groups.map((group) => ({
        ...group,
        steps: group.steps.map((step) =>
          step.integration ? { ...step, integration: { connector: 'no_such_connector' } } : step,
        ),
      })),
    };
    await withTenant(adminDb, t.id, async (tx) => {
      for (const definition of [DOC_CHECK_DEFINITION, unknown]) {
        await queueStepIntegrations(tx, {
          tenantId: t.id,
          workflowId: String(id),
          definition,
          stepTags: [DC.screening],
          userId: null,
        });
      }
    });
    // One run per step while it waits: the second queueing found the first still pending.
    expect((await runs(admin, id)).count).toBe(1);
    expect(await services.integrations.runWaiting(t.id)).toBe(1);
    await withTenant(adminDb, t.id, (tx) =>
      queueStepIntegrations(tx, {
        tenantId: t.id,
        workflowId: String(id),
        definition: unknown,
        stepTags: [DC.screening, DC.intake],
        userId: null,
      }),
    );
    expect(await services.integrations.runWaiting(t.id)).toBe(1);

    const [second, first] = (await runs(admin, id)).results;
    expect(first).toMatchObject({
      state: 'failed',
      result: null,
      error: 'The supplier name is not answered, so there is nobody to screen.',
    });
    expect(second).toMatchObject({
      state: 'failed',
      connector: 'no_such_connector',
      error: "No connector named 'no_such_connector' is installed.",
    });
    const failures = (await activity(t.id, id)).filter((e) => e.action === 'performed');
    expect(failures.map((e) => (e.details as { event: string }).event)).toEqual([
      'integration_failed',
      'integration_failed',
    ]);
    expect((await detail(admin, id)).answers[DC.sanctionsResult]).toBeUndefined();
  });

  it("lists runs only of workflows the user may see, paged, and never another tenant's", async () => {
    const { t, admin, id } = await setUp();
    await submitIntake(admin, id, 'Contoso', 'FR');
    const page = await runs(admin, id);
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(WORKFLOW_PATHS.integrations(id))).statusCode).toBe(404);
    const other = await setUp();
    expect((await other.admin.get(WORKFLOW_PATHS.integrations(id))).statusCode).toBe(404);
    const signedOut = await app.inject({
      method: 'GET',
      url: WORKFLOW_PATHS.integrations(id),
      headers: { host: `${t.slug}.localhost` },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('queues runs for the open integration steps of workflows created in bulk (demo seed, imports)', async () => {
    const { t, admin } = await setUp();
    const ids = await withTenant(adminDb, t.id, async (tx) => {
      const kind = await currentKind(tx, t.id, { tag: 'doc_check' });
      const base = {
        kind,
        regionId: String(t.ids.region('Europe')),
        businessUnitId: null,
        createdBy: null,
        answers: { [DC.supplierName]: 'Belaruskali' },
      };
      return createWorkflows(tx, t.id, [
        { ...base, name: 'Screening open', submitted: [{ step: DC.intake, at: new Date(), by: null }] },
        { ...base, name: 'Still at intake' },
      ]);
    });
    expect(await withTenant(adminDb, t.id, (tx) => queueOpenIntegrationSteps(tx, t.id))).toBe(1);
    expect(await withTenant(adminDb, t.id, (tx) => queueOpenIntegrationSteps(tx, t.id))).toBe(0);
    const [open, intake] = ids.map(Number) as [number, number];
    expect((await runs(admin, open)).results.map((r) => r.state)).toEqual(['waiting']);
    expect((await runs(admin, intake)).count).toBe(0);
    expect(await services.integrations.runWaiting(t.id)).toBe(1);
    expect((await detail(admin, open)).answers[DC.sanctionsResult]).toBe('confirmed_match');
  });

  it('leaves a running run to its worker, unless a retried job takes it over', async () => {
    const { t, admin, id } = await setUp();
    await submitIntake(admin, id, 'Commercial Bank of Syria', 'SY');
    const [queued] = (await runs(admin, id)).results;
    const runId = String(queued?.id);
    // As if a worker claimed it and then died.
    await adminDb.updateTable('integration_runs').set({ state: 'running' }).where('id', '=', runId).execute();
    expect(await services.integrations.run(t.id, runId)).toBe('skipped');
    expect(await services.integrations.run(t.id, runId, { reclaim: true })).toBe('finished');
    expect((await runs(admin, id)).results[0]).toMatchObject({ state: 'finished' });
    // Never under another tenant's id.
    const other = await setUp();
    expect(await services.integrations.run(other.t.id, runId, { reclaim: true })).toBe('skipped');
  });

  // Issue 12, finding 4: a worker taken for dead (its job lease swept) may still be running when the
  // retried job takes the run over; the run's outcome is recorded once, not twice.
  it('records the outcome of a run once when two attempts at it overlap', async () => {
    const { t, admin, id } = await setUp();
    await submitIntake(admin, id, 'Commercial Bank of Syria', 'SY');
    const [queued] = (await runs(admin, id)).results;
    const runId = String(queued?.id);
    await adminDb.updateTable('integration_runs').set({ state: 'running' }).where('id', '=', runId).execute();
    // The first attempt is held inside its claim (at the 'started' notification, by the lock below)
    // and the second waits behind it for the run's row: once released, both have claimed the run,
    // as an attempt taken for dead and the retry that took it over would.
    const blocker = new pg.Client({ connectionString: inject('adminUrl') });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table notifications in exclusive mode');
    const attempts = Promise.all([
      services.integrations.run(t.id, runId, { reclaim: true }),
      services.integrations.run(t.id, runId, { reclaim: true }),
    ]);
    const waiting = async () => {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_locks l
        where not l.granted and l.pid in (select pid from pg_stat_activity where datname = current_database())
          and (l.relation = 'notifications'::regclass or l.locktype = 'transactionid')
      `.execute(adminDb);
      return Number(rows[0]?.n);
    };
    await expect.poll(waiting, { timeout: 20_000, interval: 100 }).toBe(2);
    await blocker.query('commit');
    await blocker.end();
    await attempts;
    expect((await runs(admin, id)).results[0]).toMatchObject({ state: 'finished' });
    const comments = await adminDb
      .selectFrom('messages')
      .select('id')
      .where('tenant_id', '=', t.id)
      .where('integration_run_id', '=', runId)
      .execute();
    expect(comments).toHaveLength(1);
  });
});
