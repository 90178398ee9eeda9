import { RecordListQuerySchema } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';

// A saved records view keeps the records list's URL query (the web's list state: q, region,
// business_unit, archived=1, ordering, advanced_filters); it must read as a request GET records/:tag/
// accepts, so a stored view always opens a list. Whether its filter's fields still exist is for the
// list to judge when it opens: a type's fields may change after the view is saved.
export function checkSavedRecordViewValue(value: { query: string }): void {
  const search = new URLSearchParams(value.query);
  const param = (name: string) => search.get(name) ?? undefined;
  const parsed = RecordListQuerySchema.safeParse({
    q: param('q'),
    region__in: param('region'),
    business_unit__in: param('business_unit'),
    archived: param('archived'),
    ordering: param('ordering'),
    advanced_filters: param('advanced_filters'),
  });
  if (!parsed.success) {
    throw new BadRequestError(undefined, {
      value: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
  }
}
