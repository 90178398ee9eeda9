import { type Kysely, sql } from 'kysely';

// Issue 12, finding 4: a job whose worker died is handed back within a minute, not after pg-boss's
// expiry (15 minutes and more). While a handler runs, its process keeps a lease per job here and
// renews it every few seconds (platform/jobs/register-worker.ts); a sweeper in every worker process
// hands the job of a lease left unrenewed back to pg-boss (platform/jobs/lease-sweeper.ts).
//
// Not a tenant table: it names pg-boss jobs, not tenant data, and only the workers' owning-role pool
// reads it. One row per running job; a re-fetched job's new worker replaces the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job_leases (
      queue text not null,
      job_id uuid not null,
      -- pg-boss's retry_count when this attempt started: a lease only ever hands back its own attempt.
      attempt integer not null,
      worker_id uuid not null,
      heartbeat_at timestamptz not null default now(),
      primary key (queue, job_id)
    );
    -- The sweeper's question: which leases have not been renewed for a while.
    create index job_leases_heartbeat_idx on job_leases (heartbeat_at);

    -- Set when an export's worker died and the export waits to run again: it shows as queued and does
    -- not count toward the user's limit of active exports until a worker takes it.
    alter table workflow_exports add column requeued_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table workflow_exports drop column requeued_at;
    drop table job_leases;
  `.execute(db);
}
