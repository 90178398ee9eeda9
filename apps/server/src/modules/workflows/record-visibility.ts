import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { placeGrantFilter } from './workflow-access.repository.js';

type RecordsRef = ExpressionBuilder<
  Database & { r: Database['records']; t: Database['object_types'] },
  'r' | 't'
>;

// The records module's visibility rule (plan §1.3), as SQL over `records as r` joined to its
// `object_types as t`: a type with a region or business unit shows a record to people with a grant
// on its place (the workflows' placeGrantFilter); a type without places shows it to everyone.
// Written here, not imported, because workflows never imports the records module (plan §1.4).
export function visibleRecordFilter(userId: string) {
  return (eb: RecordsRef) =>
    eb.or([
      eb.and([eb('t.has_region', '=', false), eb('t.has_business_unit', '=', false)]),
      placeGrantFilter(userId, eb.ref('r.region_id'), eb.ref('r.business_unit_id')),
    ]);
}
