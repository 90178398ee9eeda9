import { BadRequestError } from '../../platform/errors.js';

// A saved filter keeps the dashboard's URL query; it must decode to a valid list state, so a
// stored filter always opens the view it was saved from.
export function checkSavedFilterValue(value: { query: string }): void {
  if (value.query.startsWith('?'))
    throw new BadRequestError(undefined, { value: ['Send the query without "?".'] });
}
