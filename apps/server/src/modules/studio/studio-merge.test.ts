import {
  MergeBranchResponseSchema,
  STUDIO_MERGE_MESSAGES,
  STUDIO_MERGE_PATHS,
  STUDIO_PATHS,
  StudioActivityPageSchema,
  StudioBranchSchema,
  StudioDiffSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  appWithSavepoint,
  mainBranch,
  save,
  savepoint,
  studioTenant,
  VENDOR_CHECK_WITH_WEBSITE,
  version,
} from '../../test/studio-fixtures.js';
import type { TestClient } from '../../test/test-app.js';
import { createTestApp } from '../../test/test-app.js';
import { VENDOR_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';

// Merging a branch into main (three-way, conflicts chosen by the designer) and the diff of two
// savepoints or versions, on the real Postgres.
const { app, adminDb } = await createTestApp();

const renamed = (definition: WorkflowDefinition, name: string): WorkflowDefinition => ({
  ...definition,
  kind: { ...definition.kind, name },
});

// An app whose main holds the vendor check (savepoint), and a branch started from it.
async function appWithBranch(designer: TestClient) {
  const { app: created } = await appWithSavepoint(designer, [VENDOR_CHECK_DEFINITION]);
  const response = await designer.post(STUDIO_PATHS.branches(created.id), { name: 'website' });
  expect(response.statusCode, response.body).toBe(201);
  return { appId: created.id, branch: StudioBranchSchema.parse(response.json()) };
}

function merge(client: TestClient, appId: number, branchId: number, body: object) {
  return client.post(STUDIO_MERGE_PATHS.merge(appId, branchId), body);
}

async function mergeActivity(designer: TestClient, appId: number) {
  const page = StudioActivityPageSchema.parse(
    (await designer.get(`${STUDIO_PATHS.activity}?app_id=${appId}`)).json(),
  );
  return page.results.filter((row) => row.action === 'branch_merged');
}

describe('merging a branch into main', () => {
  it("applies both sides' changes when nothing conflicts, with an activity row", async () => {
    const { designer } = await studioTenant(app, adminDb);
    const { appId, branch } = await appWithBranch(designer);
    await save(designer, appId, branch.id, branch.revision, [VENDOR_CHECK_WITH_WEBSITE]);
    const main = await mainBranch(designer, appId);
    const saved = await save(designer, appId, main.id, main.revision, [
      renamed(VENDOR_CHECK_DEFINITION, 'Vendor due diligence'),
    ]);

    const response = await merge(designer, appId, branch.id, { revision: saved.revision });
    expect(response.statusCode, response.body).toBe(200);
    const result = MergeBranchResponseSchema.parse(response.json());
    expect(result).toMatchObject({ merged: true, conflicts: [] });
    expect(result.main.revision).toBe(saved.revision + 1);
    const after = await mainBranch(designer, appId);
    expect(after.package).toEqual({
      processes: [renamed(VENDOR_CHECK_WITH_WEBSITE, 'Vendor due diligence')],
    });
    const rows = await mergeActivity(designer, appId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ branch_id: main.id, details: { from_branch: 'website' } });
  });

  it('answers real conflicts and writes nothing; the choices then apply', async () => {
    const { designer } = await studioTenant(app, adminDb);
    const { appId, branch } = await appWithBranch(designer);
    await save(designer, appId, branch.id, branch.revision, [
      renamed(VENDOR_CHECK_WITH_WEBSITE, 'Supplier check'),
    ]);
    const main = await mainBranch(designer, appId);
    const saved = await save(designer, appId, main.id, main.revision, [
      renamed(VENDOR_CHECK_DEFINITION, 'Vendor due diligence'),
    ]);

    const asked = await merge(designer, appId, branch.id, { revision: saved.revision });
    expect(asked.statusCode, asked.body).toBe(200);
    const result = MergeBranchResponseSchema.parse(asked.json());
    expect(result.merged).toBe(false);
    expect(result.conflicts).toHaveLength(1);
    const [conflict] = result.conflicts;
    expect(conflict).toMatchObject({
      kind: 'property',
      item: 'process',
      identity: ['vendor_check'],
      path: ['kind', 'name'],
      base: 'Vendor Check',
      ours: 'Vendor due diligence',
      theirs: 'Supplier check',
    });
    const untouched = await mainBranch(designer, appId);
    expect(untouched.revision).toBe(saved.revision);
    expect(untouched.package).toEqual(saved.package);
    expect(await mergeActivity(designer, appId)).toEqual([]);

    // A missing or unknown choice is refused, and still nothing is written.
    const missing = await merge(designer, appId, branch.id, { revision: saved.revision, choices: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      detail: STUDIO_MERGE_MESSAGES.missingChoice,
      errors: { [`choices.${conflict?.id}`]: [STUDIO_MERGE_MESSAGES.missingChoice] },
    });
    const unknown = await merge(designer, appId, branch.id, {
      revision: saved.revision,
      choices: { [String(conflict?.id)]: 'theirs', 'process:nothing|kind.name': 'ours' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(STUDIO_MERGE_MESSAGES.unknownChoice);
    expect((await mainBranch(designer, appId)).revision).toBe(saved.revision);

    const chosen = await merge(designer, appId, branch.id, {
      revision: saved.revision,
      choices: { [String(conflict?.id)]: 'theirs' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(MergeBranchResponseSchema.parse(chosen.json()).merged).toBe(true);
    const merged = await mainBranch(designer, appId);
    // Theirs for the name; the branch's new field applies as it conflicts with nothing.
    expect(merged.package).toEqual({ processes: [renamed(VENDOR_CHECK_WITH_WEBSITE, 'Supplier check')] });
    expect(await mergeActivity(designer, appId)).toHaveLength(1);
  });

  it('asks before dropping what one side removed and the other changed, and applies either choice', async () => {
    const { designer } = await studioTenant(app, adminDb);
    const { appId, branch } = await appWithBranch(designer);
    const [intake, review] = VENDOR_CHECK_DEFINITION.step_groups;
    if (!intake || !review) throw new Error('the vendor check has two step groups');
    // The branch renames the review group; main removes it.
    const renamedReview = { ...review, name: 'Final review' };
    await save(designer, appId, branch.id, branch.revision, [
      { ...VENDOR_CHECK_DEFINITION, step_groups: [intake, renamedReview] },
    ]);
    const main = await mainBranch(designer, appId);
    const saved = await save(designer, appId, main.id, main.revision, [
      { ...VENDOR_CHECK_DEFINITION, step_groups: [intake] },
    ]);

    const asked = MergeBranchResponseSchema.parse(
      (await merge(designer, appId, branch.id, { revision: saved.revision })).json(),
    );
    expect(asked.conflicts).toMatchObject([
      { kind: 'removed_changed', item: 'step_group', identity: ['vendor_check', review.tag] },
    ]);
    const id = String(asked.conflicts[0]?.id);
    const kept = await merge(designer, appId, branch.id, {
      revision: saved.revision,
      choices: { [id]: 'theirs' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await mainBranch(designer, appId)).package).toEqual({
      processes: [{ ...VENDOR_CHECK_DEFINITION, step_groups: [intake, renamedReview] }],
    });
  });

  it('refuses a merge onto a stale main revision (409) and the main branch itself', async () => {
    const { designer } = await studioTenant(app, adminDb);
    const { appId, branch } = await appWithBranch(designer);
    await save(designer, appId, branch.id, branch.revision, [VENDOR_CHECK_WITH_WEBSITE]);
    const main = await mainBranch(designer, appId);
    // Someone saves main after the designer loaded it.
    await save(designer, appId, main.id, main.revision, [renamed(VENDOR_CHECK_DEFINITION, 'Other')]);

    const stale = await merge(designer, appId, branch.id, { revision: main.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_revision');
    const after = await mainBranch(designer, appId);
    expect(after.package).toEqual({ processes: [renamed(VENDOR_CHECK_DEFINITION, 'Other')] });
    expect(await mergeActivity(designer, appId)).toEqual([]);

    const self = await merge(designer, appId, main.id, { revision: after.revision });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(STUDIO_MERGE_MESSAGES.mainBranchNotMerged);
  });

  it('refuses a user without can_access_studio (403) and another tenant (404), writing nothing', async () => {
    const a = await studioTenant(app, adminDb);
    const { appId, branch } = await appWithBranch(a.designer);
    await save(a.designer, appId, branch.id, branch.revision, [VENDOR_CHECK_WITH_WEBSITE]);
    const main = await mainBranch(a.designer, appId);
    const body = { revision: main.revision };

    const member = await a.t.signedIn('member');
    expect((await merge(member, appId, branch.id, body)).statusCode).toBe(403);
    const b = await studioTenant(app, adminDb);
    expect((await merge(b.designer, appId, branch.id, body)).statusCode).toBe(404);
    const other = await appWithBranch(b.designer);
    // A's branch named under B's own app.
    expect((await merge(b.designer, other.appId, branch.id, body)).statusCode).toBe(404);

    expect((await mainBranch(a.designer, appId)).revision).toBe(main.revision);
    expect(await mergeActivity(a.designer, appId)).toEqual([]);
  });
});

describe('the diff of two savepoints or versions', () => {
  it('answers the structured changes; another app or tenant is a 404', async () => {
    const a = await studioTenant(app, adminDb);
    const {
      app: created,
      main,
      savepoint: before,
    } = await appWithSavepoint(a.designer, [VENDOR_CHECK_DEFINITION]);
    const current = await mainBranch(a.designer, created.id);
    await save(a.designer, created.id, main.id, current.revision, [VENDOR_CHECK_WITH_WEBSITE]);
    const after = await savepoint(a.designer, created.id, main.id, 'Website');
    const v1 = await version(a.designer, created.id, after.id, 'major');

    const url = STUDIO_MERGE_PATHS.diff(created.id, `savepoint:${before.id}`, `version:${v1.id}`);
    const response = await a.designer.get(url);
    expect(response.statusCode, response.body).toBe(200);
    const { changes } = StudioDiffSchema.parse(response.json());
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'added',
        item: 'field',
        identity: [
          'vendor_check',
          'vendor_check__intake',
          expect.any(String),
          'vendor_check__intake__details__website',
        ],
      }),
    ]);
    const same = await a.designer.get(
      STUDIO_MERGE_PATHS.diff(created.id, `version:${v1.id}`, `savepoint:${after.id}`),
    );
    expect(StudioDiffSchema.parse(same.json()).changes).toEqual([]);

    const malformed = await a.designer.get(`${STUDIO_MERGE_PATHS.diff(created.id, 'x', 'y')}`);
    expect(malformed.statusCode).toBe(400);
    const b = await studioTenant(app, adminDb);
    expect((await b.designer.get(url)).statusCode).toBe(404);
    const own = await appWithSavepoint(b.designer, [VENDOR_CHECK_DEFINITION]);
    const across = STUDIO_MERGE_PATHS.diff(
      own.app.id,
      `savepoint:${own.savepoint.id}`,
      `savepoint:${after.id}`,
    );
    expect((await b.designer.get(across)).statusCode).toBe(404);
    expect((await (await a.t.signedIn('member')).get(url)).statusCode).toBe(403);
  });
});
