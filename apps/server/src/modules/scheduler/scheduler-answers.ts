import { type ScheduledExport, type ScheduledExportRun, ScheduledExportSourceSchema } from '@attest/shared';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { ScheduleRow } from './scheduler.repository.js';
import type { RunRow } from './scheduler-runs.repository.js';
import { openSecrets, publicDestination } from './scheduler-secrets.js';

const count = (value: string | null) => (value === null ? null : Number(value));

// A schedule as the API answers it: its credentials only as has_… flags.
export function toScheduledExport(row: ScheduleRow, box: SecretBox): ScheduledExport {
  const ownerName = `${row.owner_first_name ?? ''} ${row.owner_last_name ?? ''}`.trim();
  return {
    id: Number(row.id),
    name: row.name,
    owner:
      row.owner_id === null
        ? null
        : {
            id: Number(row.owner_id),
            name: ownerName || (row.owner_email ?? ''),
            email: row.owner_email ?? '',
          },
    source: ScheduledExportSourceSchema.parse(row.source),
    source_name: row.source_name,
    format: row.format,
    schedule: {
      frequency: row.frequency,
      time: row.time_of_day,
      weekday: row.weekday,
      day_of_month: row.day_of_month,
      time_zone: row.time_zone,
    },
    destination: publicDestination(
      row.destination_kind,
      row.destination,
      openSecrets(box, row.secrets_sealed),
    ),
    enabled: row.enabled,
    next_run_at: row.next_run_at.toISOString(),
    last_run:
      row.last_run_at && row.last_outcome
        ? {
            at: row.last_run_at.toISOString(),
            outcome: row.last_outcome,
            message: row.last_message,
            rows: count(row.last_rows),
            bytes: count(row.last_bytes),
          }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRun(row: RunRow): ScheduledExportRun {
  return {
    id: Number(row.id),
    trigger: row.trigger,
    due_at: row.due_at.toISOString(),
    outcome: row.state,
    message: row.message,
    rows: count(row.rows),
    bytes: count(row.bytes),
    attempts: row.attempts,
    file_name: row.file_name,
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
