import { type Kysely, sql } from 'kysely';

// Issue 18, records (docs/plans/issue-18-records.md §1.1-1.4). An object type is designed in the studio
// and published by a Production deployment, as workflow_kinds + workflow_definitions are: the type keeps
// its current version, a version's definition never changes. A record's answers are one jsonb column
// (a record page reads one row); lists filter and sort on a typed projection (record_values) filled by
// the same answerSearchColumns() as workflow_responses, and unique keys are enforced by record_keys'
// primary key, never by a read-then-write. workflow_record_links holds a workflow's data_object answers
// so a referenced record cannot be deleted. Comments on a record reuse the mentions module's threads.
//
// Indexes are sized for a million records of one type: every list path (default page, title sort,
// updated sort, place visibility, a field filter) leads with (tenant_id, object_type_id).
const TENANT_TABLES = [
  'object_types',
  'object_type_versions',
  'records',
  'record_values',
  'record_keys',
  'record_links',
  'workflow_record_links',
  'record_activity',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table object_types (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      tag text not null check (length(tag) between 1 and 40),
      name text not null check (length(name) between 1 and 200),
      -- Set by a Production deployment; null until one has published the type.
      current_version_id bigint,
      -- Copied from the current version so that list SQL knows whether place visibility applies
      -- without reading the definition.
      has_region boolean not null default false,
      has_business_unit boolean not null default false,
      created_at timestamptz not null default now(),
      archived_at timestamptz,
      primary key (tenant_id, id),
      unique (tenant_id, tag)
    );

    create table object_type_versions (
      tenant_id bigint not null,
      id bigint generated always as identity,
      object_type_id bigint not null,
      version integer not null check (version >= 1),
      -- ObjectTypeDefinition (packages/shared/src/records), validated before it is stored.
      definition jsonb not null,
      -- The deployment that published it; kept when that deployment's app is deleted.
      studio_deployment_id bigint,
      published_by bigint,
      published_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, object_type_id, version),
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id) on delete cascade,
      foreign key (tenant_id, studio_deployment_id) references studio_deployments (tenant_id, id)
        on delete set null (studio_deployment_id),
      foreign key (tenant_id, published_by) references users (tenant_id, id) on delete set null (published_by)
    );
    alter table object_types add foreign key (tenant_id, current_version_id)
      references object_type_versions (tenant_id, id);

    -- A published version is what records were validated against: its definition is final.
    create function object_type_versions_immutable() returns trigger language plpgsql as $$
    begin
      if new.definition is distinct from old.definition or new.version is distinct from old.version
        or new.object_type_id is distinct from old.object_type_id then
        raise exception 'a published object type version never changes';
      end if;
      return new;
    end $$;
    create trigger object_type_versions_immutable before update on object_type_versions
      for each row execute function object_type_versions_immutable();

    create table records (
      tenant_id bigint not null,
      id bigint generated always as identity,
      object_type_id bigint not null,
      -- The version the record was last validated against.
      version_id bigint not null,
      title text not null check (length(title) between 1 and 500),
      -- Answers by field tag, as validateAnswer returns them.
      data jsonb not null default '{}',
      -- Only when the type has them; the service checks it against the type.
      region_id bigint,
      business_unit_id bigint,
      -- Bumped on every change: a stale edit and an undo compare it.
      revision integer not null default 1 check (revision >= 1),
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_by bigint,
      updated_at timestamptz not null default now(),
      archived_at timestamptz,
      archived_by bigint,
      primary key (tenant_id, id),
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id),
      foreign key (tenant_id, version_id) references object_type_versions (tenant_id, id),
      foreign key (tenant_id, region_id) references regions (tenant_id, id),
      foreign key (tenant_id, business_unit_id) references business_units (tenant_id, id),
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by),
      foreign key (tenant_id, updated_by) references users (tenant_id, id) on delete set null (updated_by),
      foreign key (tenant_id, archived_by) references users (tenant_id, id) on delete set null (archived_by)
    );
    -- The default page (newest first), index-only as workflows_kind_created_cover_idx (0033): it holds
    -- what a row of the list and the place visibility test read.
    create index records_type_created_idx on records (tenant_id, object_type_id, created_at desc, id desc)
      include (title, region_id, business_unit_id, updated_at) where archived_at is null;
    -- Sorted by title, and by last change. They hold the place columns too, so that a deep page tests
    -- visibility in the index and reads only its own rows from the table.
    create index records_type_title_idx on records (tenant_id, object_type_id, lower(title), id)
      include (region_id, business_unit_id) where archived_at is null;
    create index records_type_updated_idx on records (tenant_id, object_type_id, updated_at desc, id desc)
      include (region_id, business_unit_id) where archived_at is null;
    -- Place visibility and the region / business unit filters; archived records too (the archived tab).
    create index records_type_place_idx on records (tenant_id, object_type_id, region_id, business_unit_id);
    -- Title search, reached through search_record_titles below (row-level security keeps LIKE off it).
    create index records_title_trgm_idx on records using gin (lower(title) gin_trgm_ops);
    create statistics records_title_lower_stats on (lower(title)) from records;

    -- The typed projection of a record's answers that filters and sorts read: one row per answered field.
    -- number_value is double precision, not numeric, for the reason of migration 0011: under row-level
    -- security only LEAKPROOF comparisons become index conditions, and numeric's are not.
    create table record_values (
      tenant_id bigint not null,
      object_type_id bigint not null,
      record_id bigint not null,
      field_tag text not null,
      text_value text,
      number_value double precision,
      date_value date,
      primary key (tenant_id, record_id, field_tag),
      foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade,
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id)
    );
    -- Field filters and sorts, as workflow_responses_*_idx; the type leads because two types may share
    -- a field tag such as 'name'.
    create index record_values_text_idx on record_values (tenant_id, object_type_id, field_tag, text_value, record_id)
      where text_value is not null;
    create index record_values_number_idx on record_values (tenant_id, object_type_id, field_tag, number_value, record_id)
      where number_value is not null;
    create index record_values_date_idx on record_values (tenant_id, object_type_id, field_tag, date_value, record_id)
      where date_value is not null;

    -- A type's unique keys: the primary key refuses a second record with the same key. key_value is the
    -- key's fields normalised with lower(trim()) and joined by U+001F. Import "update by key" reads it.
    create table record_keys (
      tenant_id bigint not null,
      object_type_id bigint not null,
      key_name text not null,
      key_value text not null,
      record_id bigint not null,
      primary key (tenant_id, object_type_id, key_name, key_value),
      foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade,
      foreign key (tenant_id, object_type_id) references object_types (tenant_id, id)
    );
    -- A record's own keys: rewritten when it is edited, and the cascade from a deleted record.
    create index record_keys_record_idx on record_keys (tenant_id, record_id);

    -- Relations between records. The unique key leads with the source record so it also serves the
    -- "related records" tab from that side; the second index serves the other side.
    create table record_links (
      tenant_id bigint not null,
      id bigint generated always as identity,
      relation_tag text not null check (length(relation_tag) between 1 and 40),
      from_record_id bigint not null,
      to_record_id bigint not null,
      created_by bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, from_record_id, relation_tag, to_record_id),
      foreign key (tenant_id, from_record_id) references records (tenant_id, id) on delete cascade,
      foreign key (tenant_id, to_record_id) references records (tenant_id, id) on delete cascade,
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
    );
    create index record_links_to_idx on record_links (tenant_id, to_record_id, relation_tag);

    -- A workflow's data_object answers, one row per answered field, written in the answer's transaction
    -- by the workflows module. restrict: a record a workflow names cannot be deleted (the service checks
    -- first, to name the workflows in its message; this is the guarantee).
    create table workflow_record_links (
      tenant_id bigint not null,
      workflow_id bigint not null,
      field_tag text not null,
      record_id bigint not null,
      primary key (tenant_id, workflow_id, field_tag),
      foreign key (tenant_id, workflow_id) references workflows (tenant_id, id) on delete cascade,
      foreign key (tenant_id, record_id) references records (tenant_id, id) on delete restrict
    );
    -- The record's "related workflows" tab, and the delete refusal's check.
    create index workflow_record_links_record_idx on workflow_record_links (tenant_id, record_id, workflow_id);

    -- Every change to a record: created, edited (before and after per field), archived, imported, ...
    -- import_id and batch_update_id get their foreign keys in 0035 and 0036, with their tables.
    create table record_activity (
      tenant_id bigint not null,
      id bigint generated always as identity,
      record_id bigint not null,
      action text not null check (action in ('created', 'edited', 'archived', 'restored', 'linked',
        'unlinked', 'imported', 'batch_updated', 'import_undone', 'update_undone')),
      actor_user_id bigint,
      -- [{field_tag, before, after}]
      changes jsonb not null default '[]',
      import_id bigint,
      batch_update_id bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade,
      foreign key (tenant_id, actor_user_id) references users (tenant_id, id) on delete set null (actor_user_id)
    );
    -- A record's activity tab, newest first.
    create index record_activity_record_idx on record_activity (tenant_id, record_id, id desc);

    -- Record comments: a thread belongs to a workflow or to a record, never both; one thread per record.
    alter table threads alter column workflow_id drop not null;
    alter table threads add column record_id bigint;
    alter table threads add foreign key (tenant_id, record_id) references records (tenant_id, id) on delete cascade;
    alter table threads add constraint threads_one_target check (num_nonnulls(workflow_id, record_id) = 1);
    create unique index threads_record_key on threads (tenant_id, record_id) where record_id is not null;

    -- The records list's "title contains" (q), as search_workflow_names (0026): under row-level
    -- security LIKE is not LEAKPROOF, so the trigram index serves it only from a function run as its
    -- owner. The tenant comes from app.tenant_id (never a parameter; unset = no rows); the caller joins
    -- the ids to records under the policy and its visibility rule, so both apply a second time.
    create function search_record_titles(p_phrase text, p_object_type_id bigint) returns setof bigint
    language plpgsql stable security definer
    set search_path = pg_catalog, public
    rows 1000
    as $fn$
    declare
      v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
      v_pattern text := '%' || replace(replace(replace(p_phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
    begin
      if v_tenant is null or p_phrase is null then
        return;
      end if;
      return query execute 'select r.id from records r
        where r.tenant_id = $1 and r.object_type_id = $2 and lower(r.title) like $3'
        using v_tenant, p_object_type_id, v_pattern;
    end
    $fn$;
    -- Only the application role (granted by grantAppRole, migrate.ts) may call it.
    revoke all on function search_record_titles(text, bigint) from public;
  `.execute(db);

  for (const table of TENANT_TABLES) {
    await sql`
      alter table ${sql.table(table)} enable row level security;
      alter table ${sql.table(table)} force row level security;
      create policy tenant_isolation on ${sql.table(table)}
        using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
        with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
    `.execute(db);
  }
  // A person's saved views of a records list are preferences of their own kind (PREFERENCE_KINDS).
  await sql`
    alter table user_preferences drop constraint user_preferences_kind_check;
    alter table user_preferences add constraint user_preferences_kind_check
      check (kind in ('favorite_reports', 'pinned_workflows', 'saved_filters', 'dashboard_columns', 'saved_record_views'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from user_preferences where kind = 'saved_record_views';
    alter table user_preferences drop constraint user_preferences_kind_check;
    alter table user_preferences add constraint user_preferences_kind_check
      check (kind in ('favorite_reports', 'pinned_workflows', 'saved_filters', 'dashboard_columns'));
    drop function search_record_titles(text, bigint);
    -- Record comments go with the records; workflow threads are what the column held before.
    delete from threads where record_id is not null;
    drop index threads_record_key;
    alter table threads drop constraint threads_one_target;
    alter table threads drop column record_id;
    alter table threads alter column workflow_id set not null;
    drop table record_activity, workflow_record_links, record_links, record_keys, record_values;
    drop statistics records_title_lower_stats;
    drop table records;
    alter table object_types drop column current_version_id;
    drop table object_type_versions, object_types;
    drop function object_type_versions_immutable();
  `.execute(db);
}
