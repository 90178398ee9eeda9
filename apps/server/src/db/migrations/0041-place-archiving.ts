import { type Kysely, sql } from 'kysely';

// Issue 19, Settings > Access: regions and business units are archived, never deleted (workflows and
// records keep pointing at them and keep showing their names). An archived place is offered for no
// new choice. Names are unique per tenant (regions) and per region (units) regardless of case, so
// "Europe" and "europe" cannot both be offered in one picker; the unique indexes lead with tenant_id
// (Citus distribution column).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table regions
      add column archived_at timestamptz,
      add column archived_by bigint;
    alter table business_units
      add column archived_at timestamptz,
      add column archived_by bigint;
    create unique index regions_name_ci_key on regions (tenant_id, lower(name));
    create unique index business_units_name_ci_key on business_units (tenant_id, region_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index business_units_name_ci_key;
    drop index regions_name_ci_key;
    alter table business_units drop column archived_at, drop column archived_by;
    alter table regions drop column archived_at, drop column archived_by;
  `.execute(db);
}
