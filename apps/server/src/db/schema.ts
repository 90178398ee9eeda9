import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// Kysely's view of the tables created by the migrations in ./migrations.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type TenantsTable = {
  id: Generated<string>;
  slug: string;
  name: string;
  brand: string;
  created_at: CreatedAt;
};

export type TenantConfigurationsTable = {
  tenant_id: string;
  logo: string | null;
  supported_languages: ColumnType<string[], string[] | undefined, string[]>;
  default_language: Generated<string>;
  custom_ui_labels: Json<Record<string, unknown>>;
  feature_toggles: Json<Record<string, boolean>>;
  support_links: Json<{ label: string; url: string }[]>;
  is_maintenance_mode_enabled: Generated<boolean>;
  message_on_maintenance_page: string | null;
  maintenance_end_time: Date | null;
  report_embed_url: string | null;
  updated_at: UpdatedAt;
};

export type UsersTable = {
  tenant_id: string;
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  kind: Generated<number>;
  prefered_language: string | null;
  timezone: string | null;
  is_active: Generated<boolean>;
  user_profile_workflow_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GroupsTable = { tenant_id: string; id: Generated<string>; name: string; created_at: CreatedAt };
export type GroupPermissionsTable = { tenant_id: string; group_id: string; codename: string };
export type UserGroupsTable = { tenant_id: string; user_id: string; group_id: string };
export type UserPermissionsTable = { tenant_id: string; user_id: string; codename: string };

export type RegionsTable = { tenant_id: string; id: Generated<string>; name: string; created_at: CreatedAt };
export type BusinessUnitsTable = {
  tenant_id: string;
  id: Generated<string>;
  region_id: string;
  name: string;
  created_at: CreatedAt;
};

export type SessionsTable = {
  tenant_id: string;
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string;
  csrf_token: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Date;
};

export type Database = {
  tenants: TenantsTable;
  tenant_configurations: TenantConfigurationsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_permissions: GroupPermissionsTable;
  user_groups: UserGroupsTable;
  user_permissions: UserPermissionsTable;
  regions: RegionsTable;
  business_units: BusinessUnitsTable;
  sessions: SessionsTable;
};

export type TenantRow = Selectable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
