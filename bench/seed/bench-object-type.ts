import { type ObjectTypeDefinition, ObjectTypeDefinitionSchema } from '@attest/shared';
import type pg from 'pg';

export type BenchObjectType = { objectTypeId: string; versionId: string; definition: ObjectTypeDefinition };

// An object type published as a Production deployment leaves it (object_types, its version 1 and
// current_version_id), made once and kept: the records benchmarks need a published type, not a
// studio deployment (publishing is measured by bench:studio-deploy).
export async function ensureObjectType(
  client: pg.Client,
  tenantId: string,
  input: ObjectTypeDefinition,
): Promise<BenchObjectType> {
  const definition = ObjectTypeDefinitionSchema.parse(input);
  const existing = await client.query<{ id: string; current_version_id: string; definition: unknown }>(
    `select t.id, t.current_version_id, v.definition from object_types t
     join object_type_versions v on v.tenant_id = t.tenant_id and v.id = t.current_version_id
     where t.tenant_id = $1 and t.tag = $2`,
    [tenantId, definition.tag],
  );
  const found = existing.rows[0];
  if (found) {
    return {
      objectTypeId: found.id,
      versionId: found.current_version_id,
      definition: ObjectTypeDefinitionSchema.parse(found.definition),
    };
  }
  await client.query('begin');
  try {
    const type = await client.query<{ id: string }>(
      `insert into object_types (tenant_id, tag, name, has_region, has_business_unit)
       values ($1, $2, $3, $4, $5) returning id`,
      [tenantId, definition.tag, definition.name, definition.has_region, definition.has_business_unit],
    );
    const objectTypeId = type.rows[0]?.id ?? '';
    const version = await client.query<{ id: string }>(
      `insert into object_type_versions (tenant_id, object_type_id, version, definition)
       values ($1, $2, 1, $3) returning id`,
      [tenantId, objectTypeId, JSON.stringify(definition)],
    );
    const versionId = version.rows[0]?.id ?? '';
    await client.query(`update object_types set current_version_id = $3 where tenant_id = $1 and id = $2`, [
      tenantId,
      objectTypeId,
      versionId,
    ]);
    await client.query('commit');
    return { objectTypeId, versionId, definition };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
