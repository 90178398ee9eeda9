import { type Kysely, sql } from 'kysely';

// Issue 19, Settings > Branding. The name people see (the tenant's own name until an administrator
// sets another) and the uploaded logo's file: its key in the file store and the type its bytes
// were recognised as, served by GET customers/configuration/logo/.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenant_configurations
      add column display_name text check (char_length(display_name) between 1 and 100),
      add column logo_storage_key text,
      add column logo_content_type text
        check (logo_content_type in ('image/png', 'image/jpeg', 'image/webp')),
      add constraint tenant_configurations_logo_file_check
        check ((logo_storage_key is null) = (logo_content_type is null))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tenant_configurations
      drop constraint tenant_configurations_logo_file_check,
      drop column logo_content_type,
      drop column logo_storage_key,
      drop column display_name
  `.execute(db);
}
