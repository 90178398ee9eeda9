import { type Kysely, sql } from 'kysely';

// Issue 19, integration tokens (docs/administration.md "API tokens"). Only the SHA-256 of the token's
// secret is kept; public_id (the token's visible att_<public_id>_ part) finds the row, so the secret
// is compared once, in constant time. Scopes are permission codenames; what a token may do is
// always intersected with its creator's current permissions when a request comes in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_tokens (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      public_id text not null check (public_id ~ '^[0-9a-f]{16}$'),
      name text not null check (char_length(name) between 1 and 100),
      created_by bigint not null,
      scopes text[] not null check (cardinality(scopes) between 1 and 200),
      token_hash bytea not null check (octet_length(token_hash) = 32),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      -- Touched at most once a minute (platform/auth/api-token-hook.ts), so reads stay reads.
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by bigint,
      primary key (tenant_id, id),
      unique (tenant_id, public_id),
      check (expires_at > created_at),
      -- A token dies with its creator.
      foreign key (tenant_id, created_by) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, revoked_by) references users (tenant_id, id) on delete set null (revoked_by)
    );
    alter table api_tokens enable row level security;
    alter table api_tokens force row level security;
    create policy tenant_isolation on api_tokens
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_tokens`.execute(db);
}
