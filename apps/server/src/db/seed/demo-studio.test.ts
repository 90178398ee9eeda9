import {
  STUDIO_PATHS,
  StudioAppDetailSchema,
  StudioAppsPageSchema,
  StudioVersionSchema,
} from '@attest/shared';
import { DEMO_WORKFLOW_DEFINITIONS } from '@attest/shared/testing';
import { expect, it } from 'vitest';
import { grant, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, adminDb } = await createTestApp();

it('makes the demo kinds version 1.0 of a demo app, whose Production deployment published each once', async () => {
  const base = await createTestTenant(adminDb, { users: [] });
  const slug = `${base.slug}-s`;
  const tenant = await createTestTenant(adminDb, {
    slug,
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    users: [
      { email: `admin@${slug}.test`, password: TEST_PASSWORD, first_name: 'A', last_name: 'D', groups: [] },
    ],
  });
  await seedDemoWorkflowSetup(adminDb, tenant.id, { domain: `${slug}.test`, perKind: 0 });
  await grant(adminDb, tenant.id, userId(tenant, `admin@${slug}.test`), ['can_access_studio']);
  const designer = TestClient.forTenant(app, slug);
  await designer.signIn(`admin@${slug}.test`);

  const apps = StudioAppsPageSchema.parse((await designer.get(STUDIO_PATHS.apps)).json());
  expect(apps.results.map((a) => a.name)).toEqual(['Third-party risk']);
  const appId = apps.results[0]?.id ?? 0;
  const detail = StudioAppDetailSchema.parse((await designer.get(STUDIO_PATHS.app(appId))).json());
  expect(detail.versions).toMatchObject([
    {
      major: 1,
      minor: 0,
      stage: 'deployed',
      is_frozen: true,
      is_locked: true,
      review: { decision: 'approved' },
    },
  ]);
  expect(detail.deployments).toHaveLength(1);
  const deployment = detail.deployments[0];
  expect(deployment?.environment).toBe('PRODUCTION');

  // The definitions its deployment published: each kind's current one, and no second version.
  const kinds = await adminDb
    .selectFrom('workflow_kinds')
    .select(['tag', 'current_definition_id'])
    .where('tenant_id', '=', tenant.id)
    .execute();
  expect(deployment?.published.map((p) => [p.kind_tag, String(p.definition_id), p.version]).sort()).toEqual(
    kinds.map((k) => [k.tag, k.current_definition_id, 1]).sort(),
  );
  const definitions = await adminDb
    .selectFrom('workflow_definitions')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .execute();
  expect(definitions).toHaveLength(DEMO_WORKFLOW_DEFINITIONS.length);

  // Its package is a valid one: the next minor version is made of it.
  const minor = await designer.post(STUDIO_PATHS.versions(appId), {
    savepoint_id: detail.versions[0]?.savepoint_id,
    increment: 'minor',
  });
  expect(minor.statusCode, minor.body).toBe(201);
  expect(StudioVersionSchema.parse(minor.json())).toMatchObject({ major: 1, minor: 1, stage: 'draft' });
});
