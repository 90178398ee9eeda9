import {
  OBJECT_TYPE_PUBLISH_MESSAGES,
  type ObjectTypeDefinition,
  ObjectTypeDefinitionSchema,
  STUDIO_MESSAGES,
  uniqueKeyName,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { objectTypePublishRepository } from './object-type-publish.repository.js';

export type PublishedObjectType = { objectTypeId: string; versionId: string; version: number };

// Zod issues as the API's field errors, each under its path.
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

// What a new version changes for the records already there (plan §2). A field records hold values
// for is never dropped: those values would vanish from the record page, lists and reports while staying
// in the data (keys `fields.{tag}`). A unique key it adds must hold for them too: refused when their
// values clash (keys `unique_keys.{index}`), otherwise its record_keys rows are filled so the database
// enforces it from now on; a key it removes stops being enforced.
async function applyToExistingRecords(
  tx: Tx,
  tenantId: string,
  objectTypeId: string,
  currentVersionId: string,
  definition: ObjectTypeDefinition,
) {
  const current = ObjectTypeDefinitionSchema.safeParse(
    await objectTypePublishRepository.definitionOf(tx, currentVersionId),
  );
  if (!current.success) return;
  const kept = new Set(definition.fields.map((field) => field.tag));
  const dropped = current.data.fields.filter((field) => !kept.has(field.tag));
  const counts = await objectTypePublishRepository.recordsWithValues(
    tx,
    objectTypeId,
    dropped.map((field) => field.tag),
  );
  const errors: Record<string, string[]> = {};
  for (const field of dropped) {
    const records = counts.get(field.tag) ?? 0;
    const label = field.label || field.tag;
    if (records > 0)
      errors[`fields.${field.tag}`] = [OBJECT_TYPE_PUBLISH_MESSAGES.fieldHoldsValues(label, records)];
  }

  const currentKeys = new Set(current.data.unique_keys.map(uniqueKeyName));
  const newKeys = new Set(definition.unique_keys.map(uniqueKeyName));
  const added = definition.unique_keys
    .map((fields, index) => ({ fields, index, name: uniqueKeyName(fields) }))
    .filter((key) => !currentKeys.has(key.name));
  const labelOf = (tag: string) => definition.fields.find((field) => field.tag === tag)?.label || tag;
  for (const key of added) {
    const records = await objectTypePublishRepository.recordsSharingKey(tx, objectTypeId, key.fields);
    if (records > 0) {
      const label = key.fields.map(labelOf).join(', ');
      errors[`unique_keys.${key.index}`] = [OBJECT_TYPE_PUBLISH_MESSAGES.keyClashes(label, records)];
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new BadRequestError(first, errors);

  const removed = [...currentKeys].filter((name) => !newKeys.has(name));
  await objectTypePublishRepository.dropKeys(tx, objectTypeId, removed);
  for (const key of added) {
    await objectTypePublishRepository.fillKey(tx, tenantId, objectTypeId, key.fields, key.name);
  }
}

// Publishes an object type's definition as its next version (plan §2): the type is created by tag on
// its first publication, its name follows the definition, and the new version becomes current (new
// records are made on it; existing ones keep their version_id until their next edit, and their keys
// follow its unique keys at once). Only a
// Production deployment calls it, in its own transaction: a refusal leaves nothing published.
export async function publishObjectType(
  tx: Tx,
  tenantId: string,
  input: { definition: unknown; publishedBy: string | null; deploymentId: string | null },
): Promise<PublishedObjectType> {
  const parsed = ObjectTypeDefinitionSchema.safeParse(input.definition);
  if (!parsed.success) {
    throw new BadRequestError(STUDIO_MESSAGES.invalidObjectType, fieldErrors(parsed.error.issues));
  }
  const definition = parsed.data;
  const type = await objectTypePublishRepository.upsertType(tx, tenantId, {
    tag: definition.tag,
    name: definition.name,
  });
  if (type.current_version_id) {
    await applyToExistingRecords(tx, tenantId, type.id, type.current_version_id, definition);
  }
  const version = (await objectTypePublishRepository.latestVersion(tx, type.id)) + 1;
  const row = await objectTypePublishRepository.insertVersion(tx, {
    tenantId,
    objectTypeId: type.id,
    version,
    definitionJson: JSON.stringify(definition),
    deploymentId: input.deploymentId,
    publishedBy: input.publishedBy,
  });
  await objectTypePublishRepository.setCurrent(tx, type.id, {
    versionId: row.id,
    hasRegion: definition.has_region,
    hasBusinessUnit: definition.has_business_unit,
  });
  return { objectTypeId: type.id, versionId: row.id, version };
}

// The tags among `tags` of object types a Production deployment has published (and not archived):
// what a data_object field of a studio package may name besides the package's own objects.
export function publishedObjectTypeTags(tx: Tx, tags: string[]): Promise<string[]> {
  return objectTypePublishRepository.publishedTags(tx, tags);
}
