import type { Tx } from '../../platform/tenant-transaction.js';

// Object types and their current versions (migration 0034). A type is listed and used once a
// Production deployment has published a version of it (current_version_id), and until it is archived.
function currentTypes(tx: Tx) {
  return tx
    .selectFrom('object_types as t')
    .innerJoin('object_type_versions as v', (join) =>
      join.onRef('v.tenant_id', '=', 't.tenant_id').onRef('v.id', '=', 't.current_version_id'),
    )
    .select([
      't.id',
      't.tag',
      't.name',
      't.has_region',
      't.has_business_unit',
      'v.id as version_id',
      'v.version',
      'v.definition',
    ])
    .where('t.archived_at', 'is', null);
}

export const objectTypesRepository = {
  current: (tx: Tx) => currentTypes(tx).orderBy('t.name').orderBy('t.id').execute(),

  byTag: (tx: Tx, tag: string) => currentTypes(tx).where('t.tag', '=', tag).executeTakeFirst(),
};

export type ObjectTypeRow = Awaited<ReturnType<typeof objectTypesRepository.byTag>> & {};
