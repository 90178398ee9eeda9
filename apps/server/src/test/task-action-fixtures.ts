import { TASK_ACTION_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { grant } from './admin-fixtures.js';
import type { TestClient } from './test-app.js';
import { createVendorCheck, VC, workflowTestTenant } from './workflow-fixtures.js';

// Issue 16 task actions: the workflow test tenant, with 'Can view tasks' for admin and member, and
// 'Can submit a step' for the member. A vendor check's intake step is assigned to the group Admins;
// `memberInAdmins` puts the member in it too, so the intake is a group task of both.
export async function taskTestTenant(
  app: FastifyInstance,
  adminDb: Db,
  options: { memberInAdmins?: boolean } = {},
) {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, ['can_view_tasks']);
  await grant(adminDb, t.id, t.users.member, ['can_view_tasks', 'can_submit_step']);
  await grant(adminDb, t.id, t.users.supplier, ['can_view_tasks']);
  const admins = await adminDb
    .selectFrom('groups')
    .select('id')
    .where('tenant_id', '=', t.id)
    .where('name', '=', 'Admins')
    .executeTakeFirstOrThrow();
  if (options.memberInAdmins) {
    await adminDb
      .insertInto('user_groups')
      .values({ tenant_id: t.id, user_id: String(t.users.member), group_id: admins.id })
      .execute();
  }
  return { ...t, adminsGroupId: Number(admins.id) };
}

export async function userAssignees(client: TestClient, workflowId: number, step: string = VC.intake) {
  const response = await client.get(WORKFLOW_PATHS.stepUsers(workflowId, step));
  if (response.statusCode !== 200) throw new Error(`step users: ${response.body}`);
  const rows = response.json().results as { user_id: number | null; group_id: number | null }[];
  return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])).sort((a, b) => a - b);
}

export async function activityEvents(adminDb: Db, tenantId: string, workflowId: number) {
  return adminDb
    .selectFrom('workflow_activity')
    .select(['actor_user_id', 'step_tag', 'details'])
    .where('tenant_id', '=', tenantId)
    .where('workflow_id', '=', String(workflowId))
    .orderBy('id')
    .execute();
}

export function claim(client: TestClient, workflowId: number, step: string = VC.intake) {
  return client.post(TASK_ACTION_PATHS.claim(workflowId, step), {});
}

export { createVendorCheck, VC };
