import type pg from 'pg';
import { restoreIndexes } from './index-rebuild.js';
import { setRollupsBack } from './rollups-aside.js';

// A seed stopped halfway leaves indexes and rollup triggers set aside: every benchmark and the seed
// itself put them back before reading anything.
export async function repairStoppedSeed(client: pg.Client, log: (message: string) => void): Promise<void> {
  await restoreIndexes(client, log);
  await setRollupsBack(client, log);
}
