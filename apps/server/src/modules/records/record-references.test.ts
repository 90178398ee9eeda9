import {
  ANSWER_EDIT_MESSAGES,
  ANSWER_ERROR_MESSAGES,
  DATA_OBJECT_FIELD_MESSAGES,
  RECORD_MESSAGES,
  RECORD_PATHS,
  RelatedWorkflowsPageSchema,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
  type WorkflowDefinition,
  WorkflowDetailSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type RecordsTestTenant, recordsTestTenant } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { publishAll } from '../../test/workflow-fixtures.js';
import { createWorkflows, publishDefinition } from '../workflows/index.js';

// Issue 18 slice 5 (plan §1.4, §1.5): a workflow's data_object answer names a record of its field's
// type that the person sees, kept in workflow_record_links in the answer's transaction; the record
// lists those workflows and cannot be deleted while one names it.

const { app, adminDb } = await createTestApp();

const STEP = 'onboarding__main__supplier';
const SUPPLIER = `${STEP}__supplier`;
const SITE = `${STEP}__site`;
const ONBOARDING: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'onboarding', name: 'Onboarding' },
  statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
  initial_status: 'open',
  step_groups: [
    {
      tag: 'onboarding__main',
      name: 'Main',
      steps: [
        {
          tag: STEP,
          name: 'Supplier',
          fields: [
            { tag: SUPPLIER, type: 'data_object', label: 'Supplier', object_type_tag: 'supplier' },
            { tag: SITE, type: 'data_object', label: 'Site', object_type_tag: 'site' },
          ],
        },
      ],
    },
  ],
};

async function setUp() {
  const t = await recordsTestTenant(app, adminDb);
  const [kind] = await publishAll(adminDb, t.id, [ONBOARDING]);
  const admin = await t.signedIn('admin');
  const member = await t.signedIn('member');
  return { t, kindId: Number(kind?.kindId), definitionId: String(kind?.definitionId), admin, member };
}

async function record(client: TestClient, tag: 'supplier' | 'site', name: string, extra: object = {}) {
  const response = await client.post(RECORD_PATHS.records(tag), { values: { name }, ...extra });
  if (response.statusCode !== 201) throw new Error(`record not created: ${response.body}`);
  return response.json().id as number;
}

async function workflow(
  client: TestClient,
  t: RecordsTestTenant,
  kindId: number,
  name: string,
  region = 'Europe',
) {
  const response = await client.post(WORKFLOW_PATHS.workflows, {
    kind_id: kindId,
    name,
    region_id: t.ids.region(region),
  });
  if (response.statusCode !== 201) throw new Error(`workflow not created: ${response.body}`);
  return response.json().id as number;
}

const answer = (client: TestClient, workflowId: number, fieldTag: string, value: unknown) =>
  client.post(WORKFLOW_PATHS.answer(workflowId), { field_tag: fieldTag, value });

const links = (workflowId: number) =>
  adminDb
    .selectFrom('workflow_record_links')
    .select(['field_tag', 'record_id'])
    .where('workflow_id', '=', String(workflowId))
    .orderBy('field_tag')
    .execute();

const responseCount = async (workflowId: number) =>
  Number(
    (
      await adminDb
        .selectFrom('workflow_responses')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workflow_id', '=', String(workflowId))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a data_object answer', () => {
  it('links a record of its type, moves the link when changed, and removes it when cleared', async () => {
    const { t, kindId, member } = await setUp();
    const acme = await record(member, 'supplier', 'Acme Ltd');
    const globex = await record(member, 'supplier', 'Globex');
    const id = await workflow(member, t, kindId, 'Onboarding Acme');

    const saved = await answer(member, id, SUPPLIER, acme);
    expect(saved.statusCode).toBe(200);
    const detail = WorkflowDetailSchema.parse(saved.json());
    expect(detail.answers[SUPPLIER]).toBe(acme);
    expect(detail.answer_records).toEqual({ [SUPPLIER]: { id: acme, title: 'Acme Ltd', visible: true } });
    expect(await links(id)).toEqual([{ field_tag: SUPPLIER, record_id: String(acme) }]);

    expect((await answer(member, id, SUPPLIER, globex)).statusCode).toBe(200);
    expect(await links(id)).toEqual([{ field_tag: SUPPLIER, record_id: String(globex) }]);

    const cleared = await answer(member, id, SUPPLIER, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().answer_records).toEqual({});
    expect(await links(id)).toEqual([]);
  });

  it('refuses a record of another type, an unknown one, another tenant’s and one the person cannot see, writing nothing', async () => {
    const { t, kindId, admin, member } = await setUp();
    const other = await recordsTestTenant(app, adminDb);
    const elsewhere = await record(await other.signedIn('admin'), 'supplier', 'Elsewhere Ltd');
    const acme = await record(member, 'supplier', 'Acme Ltd');
    const paris = await record(member, 'site', 'Paris works', { region_id: t.ids.region('Europe') });
    const tokyo = await record(admin, 'site', 'Tokyo works', { region_id: t.ids.region('Asia') });
    const archived = await record(member, 'supplier', 'Gone Ltd');
    expect((await member.post(RECORD_PATHS.archive('supplier', archived), {})).statusCode).toBe(200);
    const id = await workflow(member, t, kindId, 'Onboarding Acme');
    const before = await responseCount(id);

    const cases: [string, string, unknown][] = [
      ['a site in the supplier field', SUPPLIER, paris],
      ['a supplier in the site field', SITE, acme],
      ['an unknown id', SUPPLIER, 999_999_999],
      ['another tenant’s record', SUPPLIER, elsewhere],
      ['a site in a region the member has no grant on', SITE, tokyo],
      ['an archived record', SUPPLIER, archived],
    ];
    for (const [what, fieldTag, value] of cases) {
      const refused = await answer(member, id, fieldTag, value);
      expect({ what, status: refused.statusCode, body: refused.json() }).toEqual({
        what,
        status: 400,
        body: {
          code: 'invalid_answer',
          detail: ANSWER_EDIT_MESSAGES.invalid_answer,
          problems: [
            {
              field_tag: fieldTag,
              errors: [{ code: 'invalid_id', params: {}, message: ANSWER_ERROR_MESSAGES.invalid_id() }],
            },
          ],
        },
      });
    }
    expect(await responseCount(id)).toBe(before);
    expect(await links(id)).toEqual([]);
    // The admin, with a grant on Asia, may name the Tokyo site.
    expect((await answer(admin, id, SITE, tokyo)).statusCode).toBe(200);
    expect(await links(id)).toEqual([{ field_tag: SITE, record_id: String(tokyo) }]);
  });

  it('shows a record the viewer cannot see as not visible, never by its title', async () => {
    const { t, kindId, admin, member } = await setUp();
    const tokyo = await record(admin, 'site', 'Tokyo works', { region_id: t.ids.region('Asia') });
    const id = await workflow(admin, t, kindId, 'Onboarding Tokyo');
    expect((await answer(admin, id, SITE, tokyo)).statusCode).toBe(200);
    const seen = await member.get(WORKFLOW_PATHS.workflow(id));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().answer_records).toEqual({ [SITE]: { id: tokyo, title: null, visible: false } });
    expect(seen.body).not.toContain('Tokyo works');
    expect((await admin.get(WORKFLOW_PATHS.workflow(id))).json().answer_records).toEqual({
      [SITE]: { id: tokyo, title: 'Tokyo works', visible: true },
    });
  });
});

describe('a record a workflow names', () => {
  it('is not deleted while the answer names it, and is once the answer is cleared', async () => {
    const { t, kindId, member } = await setUp();
    const acme = await record(member, 'supplier', 'Acme Ltd');
    const id = await workflow(member, t, kindId, 'Onboarding Acme Ltd');
    expect((await answer(member, id, SUPPLIER, acme)).statusCode).toBe(200);

    const refused = await member.request({ method: 'DELETE', url: RECORD_PATHS.record('supplier', acme) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'record_in_use',
      detail: RECORD_MESSAGES.recordInUse(1, ['Onboarding Acme Ltd']),
    });
    expect((await member.get(RECORD_PATHS.record('supplier', acme))).statusCode).toBe(200);

    expect((await answer(member, id, SUPPLIER, null)).statusCode).toBe(200);
    const deleted = await member.request({ method: 'DELETE', url: RECORD_PATHS.record('supplier', acme) });
    expect(deleted.statusCode).toBe(204);
    expect((await member.get(RECORD_PATHS.record('supplier', acme))).statusCode).toBe(404);
  });

  it('lists the workflows naming it that the person sees, as the dashboard lists them', async () => {
    const { t, kindId, admin, member } = await setUp();
    const acme = await record(admin, 'supplier', 'Acme Ltd');
    const lonely = await record(admin, 'supplier', 'Lonely Ltd');
    const europe = await workflow(admin, t, kindId, 'Onboarding Acme Europe');
    const asia = await workflow(admin, t, kindId, 'Onboarding Acme Asia', 'Asia');
    const second = await workflow(admin, t, kindId, 'Second Acme Europe');
    for (const id of [europe, asia, second]) {
      expect((await answer(admin, id, SUPPLIER, acme)).statusCode).toBe(200);
    }

    const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);
    const all = await admin.get(RECORD_PATHS.relatedWorkflows('supplier', acme));
    expect(all.statusCode).toBe(200);
    const page = RelatedWorkflowsPageSchema.parse(all.json());
    expect(names(page)).toEqual(['Second Acme Europe', 'Onboarding Acme Asia', 'Onboarding Acme Europe']);
    expect(page).toMatchObject({ count: 3, count_is_estimate: false, next: null, previous: null });
    expect(page.results[0]).toMatchObject({
      id: second,
      kind: { tag: 'onboarding', name: 'Onboarding' },
      status: { tag: 'open' },
      region: { name: 'Europe' },
    });

    const paged = await admin.get(`${RECORD_PATHS.relatedWorkflows('supplier', acme)}?limit=2`);
    expect(paged.json()).toMatchObject({ count: 3, results: [{ id: second }, { id: asia }] });
    expect(paged.json().next).toContain('offset=2');

    const seen = (await member.get(RECORD_PATHS.relatedWorkflows('supplier', acme))).json();
    expect(names(seen)).toEqual(['Second Acme Europe', 'Onboarding Acme Europe']);
    expect(seen.count).toBe(2);

    expect((await admin.get(RECORD_PATHS.relatedWorkflows('supplier', lonely))).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await admin.get(RECORD_PATHS.relatedWorkflows('supplier', 999_999_999))).statusCode).toBe(404);
    const tokyo = await record(admin, 'site', 'Tokyo works', { region_id: t.ids.region('Asia') });
    expect((await member.get(RECORD_PATHS.relatedWorkflows('site', tokyo))).statusCode).toBe(404);
    const outsider = await t.signedIn('supplier');
    expect((await outsider.get(RECORD_PATHS.relatedWorkflows('supplier', acme))).statusCode).toBe(403);
  });
});

describe('createWorkflows with data_object answers', () => {
  it('links each answered record, and refuses an id that is not a record of the type', async () => {
    const { t, kindId, definitionId, admin } = await setUp();
    const acme = await record(admin, 'supplier', 'Acme Ltd');
    const input = (value: number) => ({
      kind: { id: String(kindId), definitionId, definition: ONBOARDING },
      name: `Imported ${value}`,
      regionId: String(t.ids.region('Europe')),
      businessUnitId: null,
      createdBy: String(t.users.admin),
      answers: { [SUPPLIER]: value },
    });
    const [id] = await withTenant(adminDb, t.id, (tx) => createWorkflows(tx, t.id, [input(acme)]));
    expect(await links(Number(id))).toEqual([{ field_tag: SUPPLIER, record_id: String(acme) }]);
    await expect(
      withTenant(adminDb, t.id, (tx) => createWorkflows(tx, t.id, [input(999_999_999)])),
    ).rejects.toThrow('No live supplier record 999999999 the creator may see.');
  });
});

describe('publishing a definition', () => {
  it('refuses a new data_object field that names no object type', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const tagless = structuredClone(ONBOARDING);
    const field = tagless.step_groups[0]?.steps[0]?.fields[1];
    if (field) delete field.object_type_tag;
    const refused = withTenant(adminDb, t.id, (tx) =>
      publishDefinition(tx, t.id, { definition: tagless, publishedBy: null }),
    );
    await expect(refused).rejects.toMatchObject({
      message: WORKFLOW_MESSAGES.invalid_definition,
      fieldErrors: {
        'step_groups.0.steps.0.fields.1.object_type_tag': [DATA_OBJECT_FIELD_MESSAGES.objectTypeRequired],
      },
    });
    expect(
      await adminDb
        .selectFrom('workflow_kinds')
        .select('id')
        .where('tenant_id', '=', t.id)
        .where('tag', '=', 'onboarding')
        .execute(),
    ).toEqual([]);
  });
});
