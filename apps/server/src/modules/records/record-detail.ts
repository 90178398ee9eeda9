import type { RecordDetail, RecordPerson } from '@attest/shared';
import type { LoadedObjectType } from './object-types.js';
import type { RecordDetailRow } from './records.repository.js';

export function person(
  id: string | null,
  first: string | null,
  last: string | null,
  email: string | null,
): RecordPerson | null {
  if (id === null || email === null) return null;
  return { id: Number(id), name: `${first ?? ''} ${last ?? ''}`.trim() || email, email };
}

function place(id: string | null, name: string | null) {
  return id === null || name === null ? null : { id: Number(id), name };
}

export function recordDetail(type: LoadedObjectType, row: RecordDetailRow): RecordDetail {
  return {
    id: Number(row.id),
    object_type: { id: Number(type.id), tag: type.tag, name: type.name },
    title: row.title,
    values: row.data,
    region: place(row.region_id, row.region_name),
    business_unit: place(row.business_unit_id, row.business_unit_name),
    revision: row.revision,
    version: row.version,
    created_by: person(
      row.created_by,
      row.created_by_first_name,
      row.created_by_last_name,
      row.created_by_email,
    ),
    created_at: row.created_at.toISOString(),
    updated_by: person(
      row.updated_by,
      row.updated_by_first_name,
      row.updated_by_last_name,
      row.updated_by_email,
    ),
    updated_at: row.updated_at.toISOString(),
    archived_at: row.archived_at?.toISOString() ?? null,
    archived_by: person(
      row.archived_by,
      row.archived_by_first_name,
      row.archived_by_last_name,
      row.archived_by_email,
    ),
  };
}
