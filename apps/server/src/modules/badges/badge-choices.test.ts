import { BADGE_PATHS, BadgeDefinitionSchema, WorkflowBadgesSchema } from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import { VC, type WorkflowTestTenant, workflowTestTenant } from '../../test/workflow-fixtures.js';

// Issue 19: the list's badge filter offers the tenant's live badges to anyone signed in (the
// definitions themselves stay behind 'can_view_badge_definitions').
const { app, adminDb } = await createTestApp();

let t: WorkflowTestTenant;
let admin: TestClient;

beforeAll(async () => {
  t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_create_badge_definitions', 'can_change_badge_definitions']);
  admin = await t.signedIn('admin');
});

async function createBadge(tag: string, label: string, translations: Record<string, string> = {}) {
  const response = await admin.post(BADGE_PATHS.definitions, {
    tag,
    label,
    label_translations: translations,
    colour: '#2f9e44',
    icon: 'star',
    kind_id: t.kinds.vendor,
    rule: {
      compareType: 'AND',
      conditions: [{ field: `field__${VC.spend}`, type: 'integer', operator: 'gte', value: 1 }],
      groups: [],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return BadgeDefinitionSchema.parse(response.json());
}

describe('GET /api/v1/badges/ (the badge filter choices)', () => {
  it("offers the live badges, in label order and the reader's language, to a person without badge permissions", async () => {
    await createBadge('zeta_choice', 'Zeta', { fr: 'Alpha en français' });
    await createBadge('beta_choice', 'Beta');
    const archived = await createBadge('gone_choice', 'Gone');
    const archiving = await admin.request({
      method: 'PATCH',
      url: BADGE_PATHS.definition(archived.id),
      payload: { archived: true },
    });
    expect(archiving.statusCode, archiving.body).toBe(200);

    const supplier = await t.signedIn('supplier');
    expect((await supplier.get(BADGE_PATHS.definitions)).statusCode).toBe(403);
    const response = await supplier.get(BADGE_PATHS.choices);
    expect(response.statusCode, response.body).toBe(200);
    const choices = WorkflowBadgesSchema.parse(response.json()).results;
    expect(choices.map((c) => c.tag)).toEqual(['beta_choice', 'zeta_choice']);
    expect(choices[0]).toEqual({ tag: 'beta_choice', label: 'Beta', colour: '#2f9e44', icon: 'star' });

    await sql`update users set prefered_language = 'fr' where id = ${t.users.member}`.execute(adminDb);
    const member = await t.signedIn('member');
    const french = WorkflowBadgesSchema.parse((await member.get(BADGE_PATHS.choices)).json()).results;
    expect(french.map((c) => c.label)).toEqual(['Alpha en français', 'Beta']);
  });

  it('answers 401 signed out, and another tenant sees none of these', async () => {
    const anonymous = TestClient.forTenant(app, t.slug);
    expect((await anonymous.get(BADGE_PATHS.choices)).statusCode).toBe(401);
    const other = await createTestTenant(adminDb);
    const otherAdmin = TestClient.forTenant(app, other.slug);
    expect((await otherAdmin.signIn(`admin@${other.slug}.test`)).statusCode).toBe(200);
    const theirs = WorkflowBadgesSchema.parse((await otherAdmin.get(BADGE_PATHS.choices)).json()).results;
    expect(theirs).toEqual([]);
  });
});
