import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UploadedFileSchema, WORKFLOW_PATHS, type WorkflowDefinition } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Db } from '../db/database.js';
import type { TestClient } from './test-app.js';
import { publishAll, type WorkflowTestTenant, workflowTestTenant } from './workflow-fixtures.js';

// A temporary FILES_DIR for one test file, removed after it.
export function temporaryFilesDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'attest-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const INTAKE = 'doc_check__intake__details';
const SCREENING = 'doc_check__screening__sanctions';

// A document check: intake with file fields, then a sanctions screening step run by its connector.
export const DC = {
  intake: INTAKE,
  screening: SCREENING,
  supplierName: `${INTAKE}__supplier_name`,
  country: `${INTAKE}__country`,
  certificate: `${INTAKE}__certificate`,
  evidence: `${INTAKE}__evidence`,
  notes: `${INTAKE}__notes`,
  secret: `${INTAKE}__secret`,
  sanctionsResult: `${SCREENING}__sanctions_result`,
  sanctionsNotes: `${SCREENING}__sanctions_notes`,
} as const;

export const DOC_CHECK_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'doc_check', name: 'Document Check' },
  statuses: [
    { tag: 'draft', display_name: 'Draft', color_code: '#868e96' },
    { tag: 'screening', display_name: 'Screening', color_code: '#1c7ed6' },
  ],
  initial_status: 'draft',
  step_groups: [
    {
      tag: 'doc_check__intake',
      name: 'Intake',
      steps: [
        {
          tag: INTAKE,
          name: 'Details',
          on_submit: { set_status: 'screening' },
          fields: [
            { tag: DC.supplierName, type: 'char_field', label: 'Supplier', required: true },
            { tag: DC.country, type: 'country_single_select', label: 'Country' },
            {
              tag: DC.certificate,
              type: 'file',
              label: 'Certificate',
              validation: { max_size_bytes: 1024, allowed_types: ['application/pdf', 'image/*'] },
            },
            { tag: DC.evidence, type: 'multi_file', label: 'Evidence', validation: { max_files: 3 } },
            { tag: DC.notes, type: 'text', label: 'Notes' },
            {
              tag: DC.secret,
              type: 'file',
              label: 'Only when asked',
              visible_when: { field: DC.notes, op: 'eq', value: 'show' },
            },
          ],
        },
      ],
    },
    {
      tag: 'doc_check__screening',
      name: 'Screening',
      steps: [
        {
          tag: SCREENING,
          name: 'Sanctions screening',
          integration: { connector: 'sanctions_screening' },
          fields: [
            {
              tag: DC.sanctionsResult,
              type: 'radio',
              label: 'Result',
              required: true,
              options: [
                { value: 'no_match', label: 'No match' },
                { value: 'potential_match', label: 'Potential match' },
                { value: 'confirmed_match', label: 'Confirmed match' },
              ],
            },
            {
              tag: DC.sanctionsNotes,
              type: 'text',
              label: 'Notes',
              visible_when: {
                field: DC.sanctionsResult,
                op: 'in',
                value: ['potential_match', 'confirmed_match'],
              },
            },
          ],
        },
      ],
    },
  ],
};

export async function publishDocCheck(adminDb: Parameters<typeof publishAll>[0], t: WorkflowTestTenant) {
  const [published] = await publishAll(adminDb, t.id, [DOC_CHECK_DEFINITION]);
  return Number(published?.kindId);
}

// Creates a document check in Europe/Paris (the admin and member have full access there).
export async function createDocCheck(t: WorkflowTestTenant, client: TestClient, kindId: number) {
  const response = await client.post(WORKFLOW_PATHS.workflows, {
    kind_id: kindId,
    name: 'Document check',
    region_id: t.ids.region('Europe'),
    business_unit_id: t.ids.unit('Paris'),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().id as number;
}

export function upload(
  client: TestClient,
  workflowId: number,
  fieldTag: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  return client.request({
    method: 'POST',
    url: WORKFLOW_PATHS.upload(workflowId, fieldTag),
    payload: file.bytes,
    headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
  });
}

export const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// A workflow test tenant with a document check created by its admin (full access to Europe).
export async function docCheckSetUp(app: FastifyInstance, adminDb: Db) {
  const t = await workflowTestTenant(app, adminDb);
  const kind = await publishDocCheck(adminDb, t);
  const admin = await t.signedIn('admin');
  const id = await createDocCheck(t, admin, kind);
  return { t, kind, admin, id };
}

export async function answer(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

export function downloadUrl(id: number, field: string, uid?: string) {
  const query = new URLSearchParams({ workflow_id: String(id), field_tag: field, ...(uid && { uid }) });
  return `${WORKFLOW_PATHS.attachmentDownload}?${query}`;
}

export async function uploaded(client: TestClient, id: number, field: string, name: string, bytes: Buffer) {
  const response = await upload(client, id, field, { name, type: 'application/pdf', bytes });
  expect(response.statusCode, response.body).toBe(201);
  return UploadedFileSchema.parse(response.json());
}
