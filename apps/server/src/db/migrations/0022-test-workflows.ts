import { type Kysely, sql } from 'kysely';

// Issue 15: test workflows. A studio deployment to Development, QA, Staging or UAT publishes its
// processes as test definitions of their kinds (never the kind's current one), and the workflows
// started on them carry their environment. Production's rows keep test_environment null, so what
// everyone lists, counts and reports stays as it was; test workflows are listed only on request and
// purged per environment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table workflow_definitions
      add column test_environment text
        check (test_environment in ('DEVELOPMENT', 'QA', 'STAGING', 'UAT'));
    -- Production's versions stay 1, 2, 3 whatever was tested in between: a test definition takes the
    -- number its kind's next Production version would have, so the kind-wide uniqueness keeps to
    -- Production's definitions.
    alter table workflow_definitions drop constraint workflow_definitions_tenant_id_kind_id_version_key;
    create unique index workflow_definitions_version_idx on workflow_definitions (tenant_id, kind_id, version)
      where test_environment is null;
    create index workflow_definitions_test_idx on workflow_definitions (tenant_id, kind_id, test_environment, version)
      where test_environment is not null;

    alter table workflows
      add column test_environment text
        check (test_environment in ('DEVELOPMENT', 'QA', 'STAGING', 'UAT'));
    -- An environment's test workflows, newest first: the studio's list and the purge's batches. The
    -- dashboard's indexes stay as they are: they serve Production's rows, test_environment is null
    -- being one more condition on rows they already read (test workflows are few).
    create index workflows_test_environment_idx on workflows (tenant_id, test_environment, created_at desc, id desc)
      where test_environment is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from workflows where test_environment is not null;
    drop index workflows_test_environment_idx;
    alter table workflows drop column test_environment;
    delete from workflow_definitions where test_environment is not null;
    drop index workflow_definitions_test_idx, workflow_definitions_version_idx;
    alter table workflow_definitions add unique (tenant_id, kind_id, version);
    alter table workflow_definitions drop column test_environment;
  `.execute(db);
}
