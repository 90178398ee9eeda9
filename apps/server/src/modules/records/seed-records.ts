import type { Tx } from '../../platform/tenant-transaction.js';
import { loadObjectType } from './object-types.js';
import { recordActivityRepository } from './record-activity.repository.js';
import { checkValues, duplicateKey, recordKeys, valueChanges } from './record-answers.js';
import { recordKeysRepository } from './record-keys.repository.js';
import { recordValuesRepository } from './record-values.repository.js';
import { recordsRepository } from './records.repository.js';

export type SeedRecord = { values: Record<string, unknown>; regionId: string | null };

// The demo seed's records (plan §8): written as a person's create writes them (the type's checks,
// the value and key projections, a 'created' activity), in the seed's transaction, without a
// request's permission checks. Answers the new ids in the order given.
export async function createSeedRecords(
  tx: Tx,
  tenantId: string,
  input: { tag: string; userId: string; records: readonly SeedRecord[] },
): Promise<string[]> {
  const type = await loadObjectType(tx, tenantId, input.tag);
  const order = type.definition.fields.map((field) => field.tag);
  const ids: string[] = [];
  for (const record of input.records) {
    const { data, title } = checkValues(type, {}, record.values);
    const { id } = await recordsRepository.insert(tx, {
      tenantId,
      objectTypeId: type.id,
      versionId: type.versionId,
      title,
      data,
      regionId: record.regionId,
      businessUnitId: null,
      userId: input.userId,
    });
    const scope = { tenantId, objectTypeId: type.id, recordId: id };
    await recordValuesRepository.replace(tx, scope, type.definition, data);
    const clash = await recordKeysRepository.replace(tx, scope, recordKeys(type.definition, data));
    if (clash) throw duplicateKey(type, clash.key, null);
    await recordActivityRepository.add(tx, {
      tenantId,
      recordId: id,
      action: 'created',
      actorUserId: input.userId,
      changes: valueChanges({}, data, order),
    });
    ids.push(id);
  }
  return ids;
}
