import { type Kysely, sql } from 'kysely';

// Issue 3: multi-factor, one-time codes and links, e-mail outbox, sign-in throttling, single sign-on,
// impersonation and its audit trail, region and business-unit access. Every table is tenant-owned.
const TENANT_TABLES = [
  'user_totp',
  'user_recovery_codes',
  'auth_challenges',
  'one_time_tokens',
  'outbox_emails',
  'sign_in_throttles',
  'sso_providers',
  'user_identities',
  'sso_login_states',
  'audit_events',
  'user_region_access',
  'user_business_unit_access',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenant_configurations
      add column require_mfa boolean not null default false,
      add column captcha_enabled boolean not null default false,
      add column hcaptcha_site_key text,
      add column hcaptcha_secret_encrypted text,
      add column session_idle_minutes integer not null default 60 check (session_idle_minutes between 5 and 1440),
      add column session_absolute_hours integer not null default 12 check (session_absolute_hours between 1 and 720);

    alter table users
      add column password_changed_at timestamptz,
      add column invited_at timestamptz;

    alter table sessions
      add column auth_method text not null default 'password',
      add column mfa_verified boolean not null default false,
      -- A signed-in user who must enrol in MFA before doing anything else (tenant requires MFA).
      add column mfa_enrolment_required boolean not null default false,
      add column impersonator_user_id bigint,
      add column impersonator_session_id uuid,
      add foreign key (tenant_id, impersonator_user_id) references users (tenant_id, id) on delete cascade;

    -- The TOTP secret is encrypted with the server's SECRET_KEY; last_used_step refuses a code twice.
    create table user_totp (
      tenant_id bigint not null,
      user_id bigint not null,
      secret_encrypted text not null,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz not null default now(),
      primary key (tenant_id, user_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );

    create table user_recovery_codes (
      tenant_id bigint not null,
      user_id bigint not null,
      code_hash bytea not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, user_id, code_hash),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );

    -- The pending second step after a first factor (password, code, link, SSO): referenced by an
    -- httpOnly cookie, never by the user id the client could choose.
    create table auth_challenges (
      tenant_id bigint not null,
      id uuid not null default gen_random_uuid(),
      token_hash bytea not null,
      user_id bigint not null,
      first_factor text not null,
      next_path text,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, token_hash),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );

    -- Single-use secrets sent to people or handed to other views: e-mailed login codes, magic links,
    -- claim tokens, invitations and password resets. Only a hash is kept.
    create table one_time_tokens (
      tenant_id bigint not null,
      id uuid not null default gen_random_uuid(),
      purpose text not null check (purpose in ('login_code', 'magic_link', 'claim_token', 'invitation', 'password_reset')),
      token_hash bytea not null,
      user_id bigint not null,
      -- Whether the session that minted it had passed MFA (claim tokens carry it over).
      mfa_verified boolean not null default false,
      next_path text,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, purpose, token_hash),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    create index one_time_tokens_user_idx on one_time_tokens (tenant_id, user_id, purpose);
    create index one_time_tokens_expires_idx on one_time_tokens (expires_at);

    -- Every e-mail the product sends; delivered over SMTP by a job when configured, otherwise kept
    -- here and shown in the development mailbox.
    create table outbox_emails (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'kept')),
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      primary key (tenant_id, id)
    );
    create index outbox_emails_created_idx on outbox_emails (tenant_id, created_at desc);

    -- Failed sign-ins per account and per address, for the growing delay and the temporary lockout.
    create table sign_in_throttles (
      tenant_id bigint not null references tenants (id) on delete cascade,
      key text not null,
      failures integer not null default 0,
      first_failure_at timestamptz not null default now(),
      last_failure_at timestamptz not null default now(),
      locked_until timestamptz,
      primary key (tenant_id, key)
    );

    create table sso_providers (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      -- The {loginType} of /login/{loginType}.
      slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      display_name text not null,
      issuer text not null,
      client_id text not null,
      client_secret_encrypted text not null,
      allowed_email_domains text[] not null default '{}',
      default_group_id bigint,
      logout_redirect_url text,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, slug),
      foreign key (tenant_id, default_group_id) references groups (tenant_id, id) on delete set null
    );

    -- Which provider account is which user. An e-mail arriving from another provider never links.
    create table user_identities (
      tenant_id bigint not null,
      provider_id bigint not null,
      subject text not null,
      user_id bigint not null,
      email text not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, provider_id, subject),
      foreign key (tenant_id, provider_id) references sso_providers (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
    );
    create index user_identities_user_idx on user_identities (tenant_id, user_id);

    create table sso_login_states (
      tenant_id bigint not null,
      id uuid not null default gen_random_uuid(),
      state_hash bytea not null,
      provider_id bigint not null,
      nonce text not null,
      code_verifier text not null,
      next_path text,
      popup boolean not null default false,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id),
      unique (tenant_id, state_hash),
      foreign key (tenant_id, provider_id) references sso_providers (tenant_id, id) on delete cascade
    );

    create table audit_events (
      tenant_id bigint not null references tenants (id) on delete cascade,
      id bigint generated always as identity,
      action text not null,
      actor_user_id bigint,
      target_user_id bigint,
      details jsonb not null default '{}',
      ip_address text,
      created_at timestamptz not null default now(),
      primary key (tenant_id, id)
    );
    create index audit_events_created_idx on audit_events (tenant_id, created_at desc);

    create table user_region_access (
      tenant_id bigint not null,
      user_id bigint not null,
      region_id bigint not null,
      access text not null check (access in ('read', 'full')),
      primary key (tenant_id, user_id, region_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, region_id) references regions (tenant_id, id) on delete cascade
    );

    create table user_business_unit_access (
      tenant_id bigint not null,
      user_id bigint not null,
      business_unit_id bigint not null,
      access text not null check (access in ('read', 'full')),
      primary key (tenant_id, user_id, business_unit_id),
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      foreign key (tenant_id, business_unit_id) references business_units (tenant_id, id) on delete cascade
    );
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table user_business_unit_access, user_region_access, audit_events, sso_login_states,
      user_identities, sso_providers, sign_in_throttles, outbox_emails, one_time_tokens,
      auth_challenges, user_recovery_codes, user_totp;
    alter table sessions drop column auth_method, drop column mfa_verified,
      drop column mfa_enrolment_required, drop column impersonator_user_id, drop column impersonator_session_id;
    alter table users drop column password_changed_at, drop column invited_at;
    alter table tenant_configurations drop column require_mfa, drop column captcha_enabled,
      drop column hcaptcha_site_key, drop column hcaptcha_secret_encrypted,
      drop column session_idle_minutes, drop column session_absolute_hours;
  `.execute(db);
}
