import { diffPackages, STUDIO_DIFF_SIDE_PATTERN, type StudioDiffQuery } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { requireApp } from './apps.service.js';
import { studioSavepointsRepository } from './branches.repository.js';
import { studioVersionsRepository } from './versions.repository.js';

// The package of `savepoint:N` or `version:N` of the app; another app's or tenant's is a 404.
async function packageOf(tx: Tx, appId: string, side: string): Promise<unknown> {
  const [, type, id] = STUDIO_DIFF_SIDE_PATTERN.exec(side) ?? [];
  if (!id) throw new NotFoundError();
  let savepointId = id;
  if (type === 'version') {
    const version = await studioVersionsRepository.find(tx, appId, id);
    if (!version) throw new NotFoundError();
    savepointId = version.savepoint_id;
  }
  const savepoint = await studioSavepointsRepository.find(tx, appId, savepointId);
  if (!savepoint) throw new NotFoundError();
  return savepoint.package;
}

// Issue 15: any two savepoints or versions compared as a structured diff (added, removed, moved and
// changed items with their properties), never a text diff of JSON.
export function diffSides(ctx: UserContext, appId: number, query: StudioDiffQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireApp(tx, appId);
    const before = await packageOf(tx, app.id, query.from);
    const after = await packageOf(tx, app.id, query.to);
    return { changes: diffPackages(before, after) };
  });
}
