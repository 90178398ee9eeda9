import type { FileAnswer } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { SAMPLE_CONTENT_TYPE, type StoredSample } from './demo-sample-files.js';
import type { DemoWorkflow, FileHole, SampleFile } from './demo-walk.js';

// Ids for the chunk's attachments, taken from their sequence up front: answers name them, and the
// attachment rows can only follow the workflows they belong to.
export async function reserveAttachments(
  tx: Tx,
  holes: readonly FileHole[],
  samples: Record<SampleFile, StoredSample>,
) {
  const count = holes.reduce((n, h) => n + h.files.length, 0);
  const { rows } = await sql<{ id: string; uid: string }>`
    select nextval(pg_get_serial_sequence('attachments', 'id'))::text as id, gen_random_uuid()::text as uid
    from generate_series(1, ${count}::int)
  `.execute(tx);
  const answers = new Map<FileHole, FileAnswer[]>();
  let next = 0;
  for (const hole of holes) {
    answers.set(
      hole,
      hole.files.map((file) => {
        const row = rows[next++] as { id: string; uid: string };
        return {
          id: Number(row.id),
          uid: row.uid,
          name: file.name,
          size: samples[file.sample].size,
          content_type: SAMPLE_CONTENT_TYPE,
        };
      }),
    );
  }
  return answers;
}

export async function insertAttachments(
  tx: Tx,
  tenantId: string,
  all: readonly DemoWorkflow[],
  files: ReadonlyMap<FileHole, FileAnswer[]>,
  samples: Record<SampleFile, StoredSample>,
  ids: ReadonlyMap<DemoWorkflow, string>,
) {
  const rows = all.flatMap((w) =>
    w.files.flatMap((hole) =>
      hole.files.map((file, i) => {
        const answer = files.get(hole)?.[i] as FileAnswer;
        const stored = samples[file.sample];
        return { answer, stored, hole, workflowId: ids.get(w) as string };
      }),
    ),
  );
  if (rows.length === 0) return;
  // The ids were reserved from the column's own sequence, hence 'overriding system value'.
  await sql`
    insert into attachments (
      tenant_id, id, uid, workflow_id, field_tag, file_name, content_type, size_bytes, sha256,
      storage_key, uploaded_by, created_at
    )
    overriding system value
    select ${tenantId}::bigint, v.*
    from unnest(
      ${rows.map((r) => String(r.answer.id))}::bigint[],
      ${rows.map((r) => r.answer.uid)}::uuid[],
      ${rows.map((r) => r.workflowId)}::bigint[],
      ${rows.map((r) => r.hole.fieldTag)}::text[],
      ${rows.map((r) => r.answer.name)}::text[],
      ${rows.map((r) => r.answer.content_type)}::text[],
      ${rows.map((r) => String(r.stored.size))}::bigint[],
      ${rows.map((r) => r.stored.sha256)}::text[],
      ${rows.map((r) => r.stored.storageKey)}::text[],
      ${rows.map((r) => r.hole.by)}::bigint[],
      ${rows.map((r) => new Date(r.hole.at).toISOString())}::timestamptz[]
    ) as v
  `.execute(tx);
}
