import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_FIELD_TYPES,
  type FileAnswer,
  flattenSteps,
  isOneOf,
  type WorkflowDefinition,
} from '@attest/shared';
import { sql } from 'kysely';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { demoPdf } from './demo-pdf.js';

const CHUNK = 500;

function fileList(value: unknown): FileAnswer[] {
  const files = Array.isArray(value) ? value : [value];
  return files.filter(
    (f): f is FileAnswer =>
      typeof f === 'object' && f !== null && 'name' in f && typeof f.name === 'string' && !('uid' in f),
  );
}

// The demo seed answers file fields with made-up metadata. This stores one small real PDF and makes
// every such answer of the tenant name a real attachment of it, so the demo's files download. Files
// already uploaded (their answer has a uid) are left alone. Runs as the owning role, past row-level
// security, so every query names the tenant. Answers how many attachments it made.
export async function attachDemoFiles(tx: Tx, files: FileStore, tenantId: string): Promise<number> {
  const definitions = await tx
    .selectFrom('workflow_definitions')
    .select('definition')
    .where('tenant_id', '=', tenantId)
    .execute();
  const fileTags = new Set(
    definitions.flatMap((row) =>
      flattenSteps(row.definition as WorkflowDefinition)
        .flatMap((step) => step.fields)
        .filter((field) => isOneOf(field.type, FILE_FIELD_TYPES))
        .map((field) => field.tag),
    ),
  );
  if (fileTags.size === 0) return 0;
  const responses = await tx
    .selectFrom('workflow_responses')
    .select(['id', 'workflow_id', 'field_tag', 'value', 'answered_by'])
    .where('tenant_id', '=', tenantId)
    .where('is_current', '=', true)
    .where('field_tag', 'in', [...fileTags])
    .where('value', 'is not', null)
    .execute();
  const pending = responses.filter((r) => fileList(r.value).length > 0);
  if (pending.length === 0) return 0;

  const bytes = demoPdf('Attest demo document');
  const stored = await files.put(Readable.from([bytes]), {
    namespace: `t${tenantId}`,
    maxBytes: bytes.length,
  });
  const attachments: {
    tenant_id: string;
    uid: string;
    workflow_id: string;
    field_tag: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
    sha256: string;
    storage_key: string;
    uploaded_by: string | null;
  }[] = [];
  const rewritten: { id: string; files: (FileAnswer & { uid: string })[]; multi: boolean }[] = [];
  for (const response of pending) {
    const made = fileList(response.value).map((file) => {
      const row = {
        tenant_id: tenantId,
        uid: randomUUID(),
        workflow_id: response.workflow_id,
        field_tag: response.field_tag,
        file_name: file.name,
        content_type: 'application/pdf',
        size_bytes: stored.size,
        sha256: stored.sha256,
        // One stored file behind every demo attachment: the demo never deletes them.
        storage_key: stored.storageKey,
        uploaded_by: response.answered_by,
      };
      attachments.push(row);
      return { id: 0, uid: row.uid, name: file.name, size: stored.size, content_type: 'application/pdf' };
    });
    rewritten.push({ id: response.id, files: made, multi: Array.isArray(response.value) });
  }
  const idOfUid = new Map<string, number>();
  for (let i = 0; i < attachments.length; i += CHUNK) {
    const rows = await tx
      .insertInto('attachments')
      .values(attachments.slice(i, i + CHUNK))
      .returning(['id', 'uid'])
      .execute();
    for (const row of rows) idOfUid.set(row.uid, Number(row.id));
  }
  for (let i = 0; i < rewritten.length; i += CHUNK) {
    const values = rewritten.slice(i, i + CHUNK).map((r) => {
      const answers = r.files.map((f) => ({ ...f, id: idOfUid.get(f.uid) ?? 0 }));
      return sql`(${r.id}::bigint, ${JSON.stringify(r.multi ? answers : answers[0])}::jsonb)`;
    });
    await sql`
      update workflow_responses r set value = v.value
      from (values ${sql.join(values)}) as v (id, value)
      where r.tenant_id = ${tenantId} and r.id = v.id
    `.execute(tx);
  }
  return attachments.length;
}
