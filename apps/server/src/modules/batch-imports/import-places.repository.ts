import type { Tx } from '../../platform/tenant-transaction.js';

// The tenant's regions and business units by name, for reading a place written in a cell. A tenant
// has tens of them, not thousands: read once per batch of rows checked.
export const importPlacesRepository = {
  all: async (tx: Tx) => {
    const [regions, units] = await Promise.all([
      tx.selectFrom('regions').select(['id', 'name']).execute(),
      tx.selectFrom('business_units').select(['id', 'name', 'region_id']).execute(),
    ]);
    return { regions, units };
  },
};
