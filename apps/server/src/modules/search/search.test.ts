import {
  MENTION_PATHS,
  SEARCH_COUNT_CAP,
  SEARCH_MESSAGES,
  SEARCH_PATHS,
  type SearchResponse,
  SearchResponseSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb, db } = await createTestApp();

async function find(client: TestClient, q: string, extra = ''): Promise<SearchResponse> {
  const response = await client.get(`${SEARCH_PATHS.search}?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return SearchResponseSchema.parse(response.json());
}

const ids = (answer: SearchResponse) => answer.groups.flatMap((g) => g.results.map((r) => r.workflow_id));

async function answer(client: TestClient, workflowId: number, fieldTag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(workflowId), { field_tag: fieldTag, value });
  expect(response.statusCode, response.body).toBe(200);
}

async function comment(client: TestClient, workflowId: number, body: string) {
  const thread = await client.post(MENTION_PATHS.workflowThreads(workflowId), {});
  expect(thread.statusCode, thread.body).toBeLessThan(300);
  const posted = await client.post(MENTION_PATHS.threadMessages(thread.json().id), { body });
  expect(posted.statusCode, posted.body).toBe(201);
  return { threadId: thread.json().id as number, messageId: posted.json().id as number };
}

// Moves a workflow to Asia/Tokyo, where the tenant's admin and member have no grant.
async function moveToAsia(t: WorkflowTestTenant, workflowId: number) {
  await adminDb
    .updateTable('workflows')
    .set({ region_id: String(t.ids.region('Asia')), business_unit_id: String(t.ids.unit('Tokyo')) })
    .where('tenant_id', '=', t.id)
    .where('id', '=', String(workflowId))
    .execute();
}

// search_workflow_matches called directly as the application role, inside a tenant transaction
// (or none: tenantId null), with the grants passed as given.
async function callFunction(tenantId: string | null, phrase: string, regionIds: string[]) {
  const run = async (tx: typeof db) => {
    const { rows } = await sql<{ workflow_id: string; source: number }>`
      select workflow_id, source from search_workflow_matches(
        ${phrase}, null, null, cast(${regionIds} as bigint[]), '{}'::bigint[], 1000)`.execute(tx);
    return rows.map((r) => Number(r.workflow_id));
  };
  if (tenantId === null) return db.transaction().execute((tx) => run(tx as unknown as typeof db));
  return withTenant(db, tenantId, (tx) => run(tx as unknown as typeof db));
}

describe('GET search/', () => {
  it('finds by id, name, answer and comment, best first, grouped by kind and highlighted', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const byName = await createVendorCheck(t, member, 'Zephyrine Logistics');
    const byAnswer = await createVendorCheck(t, member, 'Plain one');
    await answer(member, byAnswer, VC.notes, 'Ships via ZEPHYRINE freight twice a week');
    const byComment = await createVendorCheck(t, member, 'Plain two');
    const { threadId } = await comment(member, byComment, 'Ask zephyrine about the contract');
    await createVendorCheck(t, member, 'Unrelated');

    const found = await find(member, 'zephyrine');
    expect(found).toMatchObject({ query: 'zephyrine', total: 3, capped: false });
    expect(found.groups).toHaveLength(1);
    expect(found.groups[0]?.kind).toEqual({ id: t.kinds.vendor, tag: 'vendor_check', name: 'Vendor Check' });
    expect(found.groups[0]?.count).toBe(3);
    expect(ids(found)).toEqual([byName, byAnswer, byComment]);
    const [name, text, talk] = found.groups[0]?.results ?? [];
    expect(name?.match).toEqual({ source: 'name', snippet: 'Zephyrine Logistics', highlights: [[0, 9]] });
    expect(name).toMatchObject({
      workflow_name: 'Zephyrine Logistics',
      status: { name: 'Draft', color_code: '#868e96' },
      region: { id: t.ids.region('Europe'), name: 'Europe' },
    });
    expect(text?.match).toMatchObject({
      source: 'answer',
      field_tag: VC.notes,
      field_label: 'Notes',
      step_tag: VC.intake,
      snippet: 'Ships via ZEPHYRINE freight twice a week',
      highlights: [[10, 19]],
    });
    expect(talk?.match).toMatchObject({ source: 'comment', thread_id: threadId, highlights: [[4, 13]] });

    // A number is a workflow id first, then text; '#n' the id only.
    const byId = await find(member, `#${byAnswer}`);
    expect(ids(byId)).toEqual([byAnswer]);
    expect(byId.groups[0]?.results[0]?.match.source).toBe('id');
    // The kind filter and the limit.
    expect((await find(member, 'zephyrine', `&kind_id=${t.kinds.sub}`)).total).toBe(0);
    const limited = await find(member, 'zephyrine', '&limit=1');
    expect(limited.total).toBe(3);
    expect(ids(limited)).toEqual([byName]);
    // Percent and underscore are plain characters, not patterns.
    expect((await find(member, '%%%')).total).toBe(0);
  });

  it('never returns or counts another tenant’s workflow with the same word', async () => {
    const mine = await workflowTestTenant(app, adminDb);
    const theirs = await workflowTestTenant(app, adminDb);
    const me = await mine.signedIn('member');
    const other = await theirs.signedIn('member');
    const own = await createVendorCheck(mine, me, 'Quillfeather supplies');
    const foreign = await createVendorCheck(theirs, other, 'Quillfeather imports');
    await answer(other, foreign, VC.notes, 'quillfeather again');
    await comment(other, foreign, 'quillfeather in a comment');

    const found = await find(me, 'quillfeather');
    expect(ids(found)).toEqual([own]);
    expect(found.total).toBe(1);
    expect(found.groups.map((g) => g.count)).toEqual([1]);
    // Their id is not found by number either.
    expect((await find(me, `#${foreign}`)).total).toBe(0);
  });

  it('never returns or counts a workflow of a region the person may not see', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const seen = await createVendorCheck(t, member, 'Marlowbrook seen');
    const hidden = await createVendorCheck(t, member, 'Marlowbrook hidden');
    await answer(member, hidden, VC.notes, 'marlowbrook answer');
    await comment(member, hidden, 'marlowbrook comment');
    await moveToAsia(t, hidden);

    const found = await find(member, 'marlowbrook');
    expect(ids(found)).toEqual([seen]);
    expect(found.total).toBe(1);
    expect((await find(member, String(hidden))).total).toBe(0);
    // A supplier without any grant sees nothing at all.
    expect((await find(await t.signedIn('supplier'), 'marlowbrook')).total).toBe(0);
  });

  it('leaves out archived and test workflows and deleted comments', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const archived = await createVendorCheck(t, member, 'Tessellate archived');
    const test = await createVendorCheck(t, member, 'Tessellate test');
    const talked = await createVendorCheck(t, member, 'Quiet');
    const { messageId } = await comment(member, talked, 'tessellate soon');
    await adminDb
      .updateTable('workflows')
      .set({ archived_at: new Date() })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(archived))
      .execute();
    await adminDb
      .updateTable('workflows')
      .set({ test_environment: 'QA' })
      .where('tenant_id', '=', t.id)
      .where('id', '=', String(test))
      .execute();
    expect(ids(await find(member, 'tessellate'))).toEqual([talked]);
    const deleted = await member.request({ method: 'DELETE', url: MENTION_PATHS.message(messageId) });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await find(member, 'tessellate')).total).toBe(0);
  });

  it(`counts exactly below ${SEARCH_COUNT_CAP} matches and says capped from there`, async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const first = await createVendorCheck(t, member, 'Oakhollow 0');
    const clone = (n: number, from: number) =>
      sql`insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id, business_unit_id)
        select tenant_id, kind_id, definition_id, 'Oakhollow ' || g, status_id, region_id, business_unit_id
        from workflows, generate_series(cast(${from} as integer), cast(${from + n - 1} as integer)) g
        where tenant_id = ${t.id} and id = ${first}`.execute(adminDb);
    await clone(SEARCH_COUNT_CAP - 2, 1);
    const below = await find(member, 'oakhollow');
    expect(below).toMatchObject({ total: SEARCH_COUNT_CAP - 1, capped: false });
    expect(ids(below)).toHaveLength(20);
    await clone(5, SEARCH_COUNT_CAP);
    const past = await find(member, 'oakhollow', '&limit=50');
    expect(past).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(ids(past)).toHaveLength(50);
  });

  it('refuses an empty query with a clear message, and needs a session', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    const empty = await member.get(`${SEARCH_PATHS.search}?q=%20%20`);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(SEARCH_MESSAGES.emptyQuery);
    expect((await member.get(`${SEARCH_PATHS.search}?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await member.get(`${SEARCH_PATHS.search}?q=abc&limit=0`)).statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'GET',
      url: `${SEARCH_PATHS.search}?q=abc`,
      headers: { host: `${t.slug}.localhost` },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('search_workflow_matches', () => {
  it('keeps to the tenant of app.tenant_id itself, whatever grants it is given', async () => {
    const mine = await workflowTestTenant(app, adminDb);
    const theirs = await workflowTestTenant(app, adminDb);
    const own = await createVendorCheck(mine, await mine.signedIn('member'), 'Brackenfold one');
    await createVendorCheck(theirs, await theirs.signedIn('member'), 'Brackenfold two');
    // Both tenants' regions are passed: were the function's tenant condition dropped, its owner
    // (whom row-level security does not hold back here) would return the other tenant's row too.
    const regions = [String(mine.ids.region('Europe')), String(theirs.ids.region('Europe'))];
    expect(await callFunction(mine.id, 'brackenfold', regions)).toEqual([own]);
    // Without a tenant, nothing.
    expect(await callFunction(null, 'brackenfold', regions)).toEqual([]);
    // The dashboard's name filter (search_workflow_names) keeps to the tenant the same way.
    const names = (tenantId: string | null) =>
      db.transaction().execute(async (tx) => {
        if (tenantId !== null) await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
        const { rows } = await sql<{ id: string }>`select search_workflow_names('brackenfold') as id`.execute(
          tx,
        );
        return rows.map((r) => Number(r.id));
      });
    expect(await names(mine.id)).toEqual([own]);
    expect(await names(null)).toEqual([]);
  });

  it('runs past row-level security, so that its trigram index can serve LIKE', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const first = await createVendorCheck(t, await t.signedIn('member'), 'Ravenglass trading');
    // Enough rows that reading the tenant whole costs more than the index (as at a million).
    await sql`insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id, business_unit_id)
      select tenant_id, kind_id, definition_id, 'Filler ' || g, status_id, region_id, business_unit_id
      from workflows, generate_series(1, 20000) g where tenant_id = ${t.id} and id = ${first}`.execute(
      adminDb,
    );
    await sql`analyze workflows`.execute(adminDb);
    const owner = await adminDb
      .selectNoFrom(
        sql<boolean>`(select rolsuper or rolbypassrls from pg_roles
        where oid = (select proowner from pg_proc where proname = 'search_workflow_matches'))`.as('free'),
      )
      .executeTakeFirstOrThrow();
    // Embedded mode migrates as a superuser; docs/search.md says what changes with another owner.
    expect(owner.free).toBe(true);
    const scans = (query: RawBuilder<unknown>) =>
      withTenant(db, t.id, async (tx) => {
        const { rows } = await query.execute(tx);
        const stats = await sql<{ n: string }>`
          select pg_stat_get_xact_numscans('workflows_name_trgm_idx'::regclass) as n`.execute(tx);
        return { found: rows.length, scans: Number(stats.rows[0]?.n) };
      });
    const region = String(t.ids.region('Europe'));
    expect(
      await scans(sql`select * from search_workflow_matches('ravenglass', null, null,
        array[${region}]::bigint[], '{}'::bigint[], 10)`),
    ).toEqual({ found: 1, scans: 1 });
    // The same LIKE under row-level security cannot use it (the reason for the function).
    expect(await scans(sql`select id from workflows where lower(name) like '%ravenglass%'`)).toEqual({
      found: 1,
      scans: 0,
    });
  });

  it('reads a common word newest first and stops at the cap, still within the tenant and the grants', async () => {
    const mine = await workflowTestTenant(app, adminDb);
    const theirs = await workflowTestTenant(app, adminDb);
    const seed = await createVendorCheck(mine, await mine.signedIn('member'), 'Kestrelmoor 0');
    const other = await createVendorCheck(theirs, await theirs.signedIn('member'), 'Kestrelmoor other');
    // Names holding the word, by updated_at: the tenant's visible ones one minute apart (1 the
    // newest), newer ones in a region without a grant, and the other tenant's newest of all. Enough
    // of them that the planner's estimate says common (migration 0026).
    const clone = (from: string, name: RawBuilder<unknown>, updated: RawBuilder<unknown>, n: number) =>
      sql`insert into workflows (tenant_id, kind_id, definition_id, name, status_id, region_id, business_unit_id, updated_at)
        select tenant_id, kind_id, definition_id, ${name}, status_id, region_id, business_unit_id, ${updated}
        from workflows, generate_series(1, cast(${n} as integer)) g where id = ${from}`.execute(adminDb);
    await clone(String(seed), sql`'Kestrelmoor ' || g`, sql`now() - g * interval '1 minute'`, 3000);
    await clone(String(seed), sql`'Kestrelmoor hidden ' || g`, sql`now() + g * interval '1 second'`, 50);
    await adminDb
      .updateTable('workflows')
      .set({ region_id: String(mine.ids.region('Asia')), business_unit_id: String(mine.ids.unit('Tokyo')) })
      .where('tenant_id', '=', mine.id)
      .where('name', 'like', 'Kestrelmoor hidden %')
      .execute();
    await clone(String(other), sql`'Kestrelmoor other ' || g`, sql`now() + interval '1 hour'`, 3000);
    await adminDb
      .updateTable('workflows')
      .set({ updated_at: sql`now() - interval '1 day'` })
      .where('id', '=', String(seed))
      .execute();
    await sql`analyze workflows`.execute(adminDb);
    const newest = await adminDb
      .selectFrom('workflows')
      .select('id')
      .where('tenant_id', '=', mine.id)
      .where('name', 'in', [
        'Kestrelmoor 1',
        'Kestrelmoor 2',
        'Kestrelmoor 3',
        'Kestrelmoor 4',
        'Kestrelmoor 5',
      ])
      .orderBy('updated_at', 'desc')
      .execute();
    const regions = [String(mine.ids.region('Europe')), String(theirs.ids.region('Europe'))];
    const found = await withTenant(db, mine.id, async (tx) => {
      const { rows } = await sql<{ workflow_id: string; source: number }>`
        select workflow_id, source from search_workflow_matches('kestrelmoor', null, null,
          cast(${regions} as bigint[]), '{}'::bigint[], 5)`.execute(tx);
      const scans = await sql<{ updated: string; trigram: string }>`select
        pg_stat_get_xact_numscans('workflows_updated_idx'::regclass) as updated,
        pg_stat_get_xact_numscans('workflows_name_trgm_idx'::regclass) as trigram`.execute(tx);
      return { rows, scans: scans.rows[0] };
    });
    // The five newest the person may see, by the newest-first probe, not by the trigram index.
    expect(found.rows.map((r) => r.workflow_id).sort()).toEqual(newest.map((r) => r.id).sort());
    expect(found.rows.every((r) => r.source === 1)).toBe(true);
    expect(Number(found.scans?.updated)).toBeGreaterThan(0);
    expect(Number(found.scans?.trigram)).toBe(0);
  });
});
