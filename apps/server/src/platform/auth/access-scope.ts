import type { Tx } from '../tenant-transaction.js';
import { type AccessGrant, accessScopeRepository } from './access-scope.repository.js';

export type AccessScope = {
  regions: AccessGrant[];
  businessUnits: AccessGrant[];
};

// The regions and business units a user may see ('read') or change ('full'), for the workflow
// queries that filter by them. Runs inside the caller's tenant transaction.
export async function accessScopeOf(tx: Tx, userId: string): Promise<AccessScope> {
  const grants = await accessScopeRepository.grantsOf(tx, userId);
  const of = (place: 'region' | 'business_unit') =>
    grants.filter((g) => g.place === place).map(({ id, access }) => ({ id, access }));
  return { regions: of('region'), businessUnits: of('business_unit') };
}
