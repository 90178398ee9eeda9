import { BATCH_UPDATE_PATHS, type BatchUpdate, MAX_BATCH_UPDATE_ITEMS } from '@attest/shared';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/database.js';
import { createBatchUpdateRunner } from '../../apps/server/src/modules/batch-updates/index.js';
import type { Session } from '../dashboard/session.js';
import { expectStatus, perSecond, send } from './http.js';

// A batch update of N workflows' region (plan §9): the selection as the dashboard sends it (the
// kind's filter), created through the API, then preview, apply and undo each run by the update
// job's own runner (createBatchUpdateRunner, what the pg-boss worker calls; 200 items per
// transaction) in this process. The workflows are the kept fixture of seed/batch-workflows.ts; the
// region they move to is one they are not in, so a run left unfinished does not skew the next.
export type UpdatePhase = {
  phase: string;
  items: number;
  seconds: number;
  itemsPerSecond: number;
  peakRssMib: number;
  outcome: string;
};

export async function benchBatchUpdate(options: {
  workflows: number;
  kindId: string;
  port: number;
  session: Session;
  admin: pg.Client;
  db: Db;
  tenantId: string;
  log: (message: string) => void;
}): Promise<UpdatePhase[]> {
  const { workflows, kindId, port, session, admin, tenantId, log } = options;
  if (workflows > MAX_BATCH_UPDATE_ITEMS)
    throw new Error(`A batch update takes at most ${MAX_BATCH_UPDATE_ITEMS} items`);
  const { rows } = await admin.query<{ id: string; name: string }>(
    `select r.id, r.name from regions r where r.tenant_id = $1
       and r.id <> coalesce((select region_id from workflows where tenant_id = $1 and kind_id = $2
         order by region_id desc limit 1), 0)
     order by r.name limit 1`,
    [tenantId, kindId],
  );
  const target = rows[0];
  if (!target) throw new Error('No region to move the workflows to');
  const runner = createBatchUpdateRunner({ db: options.db, jobs: null });
  const phases: UpdatePhase[] = [];
  const phase = async (name: string, id: number, work: () => Promise<string>) => {
    const started = performance.now();
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    let outcome = '';
    try {
      outcome = await work();
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    const update = expectStatus<BatchUpdate>(
      await send(port, 'GET', BATCH_UPDATE_PATHS.update(id), session.headers),
      200,
      'batch update',
    );
    phases.push({
      phase: name,
      items: update.total,
      seconds: Number((ms / 1000).toFixed(1)),
      itemsPerSecond: perSecond(update.total, ms),
      peakRssMib: Number((peak / 2 ** 20).toFixed(1)),
      outcome: `${outcome}: ${update.state}, changed ${update.changed}, skipped ${update.skipped}, failed ${update.failed}`,
    });
    log(JSON.stringify(phases.at(-1)));
    return update;
  };

  log(`Batch update: ${workflows.toLocaleString('en')} workflows to ${target.name}`);
  const createdAt = performance.now();
  const created = expectStatus<BatchUpdate>(
    await send(
      port,
      'POST',
      BATCH_UPDATE_PATHS.updates,
      session.writeHeaders,
      JSON.stringify({
        target: 'workflows',
        kind_id: Number(kindId),
        selection: { query: `kind_id=${kindId}` },
        changes: { region_id: Number(target.id) },
      }),
    ),
    201,
    'create batch update',
  );
  log(
    `Selection of ${created.total.toLocaleString('en')} items frozen in ${Math.round(performance.now() - createdAt)} ms`,
  );
  if (created.total !== workflows) {
    throw new Error(`The selection holds ${created.total} workflows, not ${workflows}`);
  }
  const id = created.id;
  const previewed = await phase('preview (before and after of each)', id, () =>
    runner.run(tenantId, String(id)),
  );
  if (previewed.state !== 'previewed') throw new Error(`Preview ended ${previewed.state}`);
  const apply = async () => {
    expectStatus(
      await send(port, 'POST', BATCH_UPDATE_PATHS.apply(id), session.writeHeaders, '{}'),
      202,
      'apply',
    );
    return runner.run(tenantId, String(id));
  };
  const applied = await phase('apply (region changed)', id, apply);
  if (applied.state !== 'finished' || applied.changed !== workflows)
    throw new Error(`Apply ended ${applied.state}`);
  const undo = async () => {
    expectStatus(
      await send(port, 'POST', BATCH_UPDATE_PATHS.undo(id), session.writeHeaders, '{}'),
      202,
      'undo',
    );
    return runner.run(tenantId, String(id));
  };
  const undone = await phase('undo (region back)', id, undo);
  if (undone.state !== 'undone') throw new Error(`Undo ended ${undone.state}`);
  const back = await admin.query<{ n: string }>(
    `select count(*) as n from workflows where tenant_id = $1 and kind_id = $2 and region_id = $3`,
    [tenantId, kindId, target.id],
  );
  if (Number(back.rows[0]?.n) !== 0)
    throw new Error(`${back.rows[0]?.n} workflows still in ${target.name} after the undo`);
  log(`Undone: no workflow left in ${target.name}`);
  return phases;
}
