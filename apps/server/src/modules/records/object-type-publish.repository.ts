import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// One unique key's value per record of the type, as recordKeys() (record-answers.ts) stores it:
// each field's value as text, trimmed and lower-cased, joined by U+001F; a record with an empty field
// has no value for the key. Key fields hold single strings or numbers (UNIQUE_KEY_FIELD_TYPES), whose
// ->> text is what String() gives. Archived records keep their keys, so restoring one never clashes.
function keyValues(objectTypeId: string, fields: readonly string[]) {
  // JS trim(): whitespace at both ends; \s in a Postgres regular expression.
  const trimmed = (tag: string) =>
    sql`regexp_replace(coalesce(r.data ->> ${tag}::text, ''), '^\\s+|\\s+$', '', 'g')`;
  const parts = fields.map((tag) => sql`lower(${trimmed(tag)})`);
  const filled = fields.map((tag) => sql`${trimmed(tag)} <> ''`);
  return sql`
    select r.id as record_id, concat_ws(chr(31), ${sql.join(parts)}) as key_value
    from records r
    where r.object_type_id = ${objectTypeId} and ${sql.join(filled, sql` and `)}`;
}

// The writes of a studio deployment publishing an object type (plan §2), and what it checks first.
export const objectTypePublishRepository = {
  // The type by tag, created on its first publication; its name follows the definition. The upsert
  // locks the type's row to the end of the transaction, so two deployments number versions in turn.
  upsertType(tx: Tx, tenantId: string, type: { tag: string; name: string }) {
    return tx
      .insertInto('object_types')
      .values({ tenant_id: tenantId, tag: type.tag, name: type.name })
      .onConflict((oc) => oc.columns(['tenant_id', 'tag']).doUpdateSet({ name: type.name }))
      .returning(['id', 'current_version_id'])
      .executeTakeFirstOrThrow();
  },

  async latestVersion(tx: Tx, objectTypeId: string): Promise<number> {
    const row = await tx
      .selectFrom('object_type_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('object_type_id', '=', objectTypeId)
      .executeTakeFirst();
    return row?.version ?? 0;
  },

  async definitionOf(tx: Tx, versionId: string): Promise<unknown> {
    const row = await tx
      .selectFrom('object_type_versions')
      .select('definition')
      .where('id', '=', versionId)
      .executeTakeFirst();
    return row?.definition;
  },

  insertVersion(
    tx: Tx,
    row: {
      tenantId: string;
      objectTypeId: string;
      version: number;
      definitionJson: string;
      deploymentId: string | null;
      publishedBy: string | null;
    },
  ) {
    return tx
      .insertInto('object_type_versions')
      .values({
        tenant_id: row.tenantId,
        object_type_id: row.objectTypeId,
        version: row.version,
        definition: row.definitionJson,
        studio_deployment_id: row.deploymentId,
        published_by: row.publishedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  // New records are made on this version; list SQL reads the places from the type row.
  setCurrent(
    tx: Tx,
    objectTypeId: string,
    current: { versionId: string; hasRegion: boolean; hasBusinessUnit: boolean },
  ) {
    return tx
      .updateTable('object_types')
      .set({
        current_version_id: current.versionId,
        has_region: current.hasRegion,
        has_business_unit: current.hasBusinessUnit,
      })
      .where('id', '=', objectTypeId)
      .execute();
  },

  // How many records of the type (archived ones too: their data is kept) hold a value for each
  // field tag; a JSON null is no value.
  async recordsWithValues(tx: Tx, objectTypeId: string, fieldTags: string[]): Promise<Map<string, number>> {
    if (fieldTags.length === 0) return new Map();
    const { rows } = await sql<{ field_tag: string; records: string }>`
      select tags.field_tag, count(r.id) as records
      from unnest(${sql.val(fieldTags)}::text[]) as tags(field_tag)
      left join records r
        on r.object_type_id = ${objectTypeId}
        and r.data -> tags.field_tag is not null
        and r.data -> tags.field_tag <> 'null'::jsonb
      group by tags.field_tag`.execute(tx);
    return new Map(rows.map((row) => [row.field_tag, Number(row.records)]));
  },

  // Records sharing a value of a unique key not held yet (fields by tag): how many records clash.
  async recordsSharingKey(tx: Tx, objectTypeId: string, fields: readonly string[]): Promise<number> {
    const { rows } = await sql<{ records: string }>`
      select coalesce(sum(n), 0) as records from (
        select count(*) as n from (${keyValues(objectTypeId, fields)}) as keys
        group by key_value having count(*) > 1
      ) as clashes`.execute(tx);
    return Number(rows[0]?.records ?? 0);
  },

  // A unique key's rows in record_keys made anew from the records' data: a key a new version adds
  // is enforced for the records made before it too.
  async fillKey(tx: Tx, tenantId: string, objectTypeId: string, fields: readonly string[], keyName: string) {
    await tx
      .deleteFrom('record_keys')
      .where('object_type_id', '=', objectTypeId)
      .where('key_name', '=', keyName)
      .execute();
    await sql`
      insert into record_keys (tenant_id, object_type_id, key_name, key_value, record_id)
      select ${tenantId}, ${objectTypeId}, ${keyName}, key_value, record_id
      from (${keyValues(objectTypeId, fields)}) as keys`.execute(tx);
  },

  dropKeys(tx: Tx, objectTypeId: string, keyNames: readonly string[]) {
    if (keyNames.length === 0) return Promise.resolve();
    return tx
      .deleteFrom('record_keys')
      .where('object_type_id', '=', objectTypeId)
      .where('key_name', 'in', keyNames)
      .execute();
  },

  // The tags among `tags` of types a Production deployment has published and that are not archived.
  async publishedTags(tx: Tx, tags: string[]): Promise<string[]> {
    if (tags.length === 0) return [];
    const rows = await tx
      .selectFrom('object_types')
      .select('tag')
      .where('tag', 'in', tags)
      .where('current_version_id', 'is not', null)
      .where('archived_at', 'is', null)
      .execute();
    return rows.map((row) => row.tag);
  },
};
