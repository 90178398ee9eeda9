import {
  STUDIO_MOVE_PATHS,
  STUDIO_PATHS,
  WORKFLOW_PATHS,
  type WorkflowDefinition,
  WorkflowMoveDetailSchema,
  WorkflowMoveSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { appWithSavepoint, deploy, stage, studioTenant, version } from './studio-fixtures.js';
import type { TestClient } from './test-app.js';
import { createVendorCheck, SUB_CHECK_DEFINITION, VC, VENDOR_CHECK_DEFINITION } from './workflow-fixtures.js';

// The vendor check as a designer changes it in the studio: a website field on the first step, the
// notes field gone, and the review step replaced by a sign-off step.
export const VC_WEBSITE = 'vendor_check__intake__details__website';
export const VC_SIGN_OFF = 'vendor_check__sign_off__approval';
export const VENDOR_CHECK_REWORKED: WorkflowDefinition = {
  ...VENDOR_CHECK_DEFINITION,
  step_groups: [
    {
      ...(VENDOR_CHECK_DEFINITION.step_groups[0] as WorkflowDefinition['step_groups'][number]),
      steps: VENDOR_CHECK_DEFINITION.step_groups[0]?.steps.map((step) => ({
        ...step,
        fields: [
          ...step.fields.filter((f) => f.tag !== VC.notes),
          { tag: VC_WEBSITE, type: 'text', label: 'Website' },
        ],
      })) as WorkflowDefinition['step_groups'][number]['steps'],
    },
    {
      tag: 'vendor_check__sign_off',
      name: 'Sign-off',
      steps: [
        {
          tag: VC_SIGN_OFF,
          name: 'Approval',
          on_submit: { set_status: 'done' },
          fields: [{ tag: 'vendor_check__sign_off__approval__ok', type: 'char_field', label: 'Approved by' }],
        },
      ],
    },
  ],
};

// A version of the given vendor check (and the sub check), approved and deployed to Production.
export async function deployedVersion(
  designer: TestClient,
  vendorCheck: WorkflowDefinition = VENDOR_CHECK_REWORKED,
) {
  const { app, savepoint } = await appWithSavepoint(designer, [vendorCheck, SUB_CHECK_DEFINITION]);
  const v = await version(designer, app.id, savepoint.id, 'major');
  expect((await stage(designer, app.id, v.id, 'rft')).statusCode).toBe(200);
  await designer.post(STUDIO_PATHS.versionReviews(app.id, v.id), { decision: 'approved', comment: 'Fine' });
  const deployed = await deploy(designer, app.id, v.id, 'PRODUCTION');
  expect(deployed.statusCode, deployed.body).toBe(201);
  return { appId: app.id, versionId: v.id };
}

export async function answer(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

export async function submit(client: TestClient, id: number, step: string) {
  const response = await client.post(WORKFLOW_PATHS.submitStep(id, step), {});
  expect(response.statusCode, response.body).toBe(200);
}

export async function startMove(
  client: TestClient,
  v: { appId: number; versionId: number },
  body: { process: string; workflow_ids?: number[] },
) {
  const response = await client.post(STUDIO_MOVE_PATHS.moves(v.appId, v.versionId), body);
  expect(response.statusCode, response.body).toBe(202);
  return WorkflowMoveSchema.parse(response.json());
}

export async function moveDetail(
  client: TestClient,
  v: { appId: number; versionId: number },
  moveId: number,
) {
  const response = await client.get(STUDIO_MOVE_PATHS.move(v.appId, v.versionId, moveId));
  expect(response.statusCode, response.body).toBe(200);
  return WorkflowMoveDetailSchema.parse(response.json());
}

// Three running vendor checks on version 1: one whose open step the new version keeps (movable),
// one whose open review step it removes, one with an answer in a field it removes.
export async function tenantWithRunningChecks(app: FastifyInstance, adminDb: Db, more = 0) {
  const { t, designer } = await studioTenant(app, adminDb);
  const movable = await createVendorCheck(t, designer, 'Movable Ltd');
  await answer(designer, movable, VC.name, 'Movable Ltd');
  const inReview = await createVendorCheck(t, designer, 'In review Ltd');
  await answer(designer, inReview, VC.name, 'In review Ltd');
  await submit(designer, inReview, VC.intake);
  const withNotes = await createVendorCheck(t, designer, 'Notes Ltd');
  await answer(designer, withNotes, VC.notes, 'Keep this');
  for (let i = 0; i < more; i += 1) await createVendorCheck(t, designer, `Batch ${i}`);
  const v = await deployedVersion(designer);
  return { t, designer, v, ids: { movable, inReview, withNotes } };
}
