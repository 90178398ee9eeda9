import { decodeListQuery, listQueryFromSearch, WorkflowListQuerySchema } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';

// A saved filter keeps the dashboard's URL query; it must decode to a valid list state (the same
// decoder GET workflows/ uses), so a stored filter always opens the view it was saved from.
export function checkSavedFilterValue(value: { query: string }): void {
  const query = WorkflowListQuerySchema.safeParse(listQueryFromSearch(new URLSearchParams(value.query)));
  const decoded = query.success ? decodeListQuery(query.data) : null;
  if (!decoded?.ok) {
    const reason =
      decoded && !decoded.ok ? `${decoded.problem.param}: ${decoded.problem.key}` : 'invalid query';
    throw new BadRequestError(undefined, { value: [reason] });
  }
}
