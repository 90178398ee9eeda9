import { type ObjectTypeDefinition, ObjectTypeDefinitionSchema } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type ObjectTypeRow, objectTypesRepository } from './object-types.repository.js';

// An object type as the records service uses it: its current version's definition, parsed.
export type LoadedObjectType = {
  id: string;
  tag: string;
  name: string;
  versionId: string;
  version: number;
  hasRegion: boolean;
  hasBusinessUnit: boolean;
  definition: ObjectTypeDefinition;
};

// A published version never changes (object_type_versions_immutable): its parsed definition is kept
// per process, by tenant and version id.
const MAX_CACHED = 500;
const definitions = new Map<string, ObjectTypeDefinition>();

function definitionOf(tenantId: string, row: ObjectTypeRow): ObjectTypeDefinition {
  const key = `${tenantId}:${row.version_id}`;
  const hit = definitions.get(key);
  if (hit) return hit;
  const definition = ObjectTypeDefinitionSchema.parse(row.definition);
  definitions.set(key, definition);
  if (definitions.size > MAX_CACHED) definitions.delete(definitions.keys().next().value as string);
  return definition;
}

export function loadedObjectType(tenantId: string, row: ObjectTypeRow): LoadedObjectType {
  return {
    id: row.id,
    tag: row.tag,
    name: row.name,
    versionId: row.version_id,
    version: row.version,
    hasRegion: row.has_region,
    hasBusinessUnit: row.has_business_unit,
    definition: definitionOf(tenantId, row),
  };
}

// An unknown tag, a type of another tenant (RLS), one never published or archived: 404 alike.
export async function loadObjectType(tx: Tx, tenantId: string, tag: string): Promise<LoadedObjectType> {
  const row = await objectTypesRepository.byTag(tx, tag);
  if (!row) throw new NotFoundError();
  return loadedObjectType(tenantId, row);
}

// Whether records of the type are seen by region and business unit (plan §1.3).
export function hasPlaces(type: LoadedObjectType): boolean {
  return type.hasRegion || type.hasBusinessUnit;
}
