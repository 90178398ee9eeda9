import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type OpenDatabase, openDatabase } from '../../db/bootstrap.js';
import { closeDb, createDb, type Db } from '../../db/database.js';
import { TEST_APP_PASSWORD, TEST_APP_ROLE } from '../../test/global-setup.js';
import {
  embeddedBinaries,
  type ReplicaCluster,
  startReplicaCluster,
  waitForReplay,
} from '../../test/replica-cluster.js';
import { createTestTenant } from '../../test/test-app.js';
import { withTenant } from '../tenant-transaction.js';
import { type OpenReadReplica, openReadReplica } from './open-read-replica.js';
import { ReplicaGoneError, readingPrimary, readReplicaOf, withTenantReadOnly } from './read-only.js';
import { RECENT_WRITE_COOKIE, registerReadYourWrites } from './read-your-writes.js';
import type { ReplicaLag } from './replica-lag.js';

const bins = await embeddedBinaries();
// The binaries come with `npm ci`; only a machine without them skips, never CI.
const runs = bins !== null || Boolean(process.env.CI);

// Which server answered, and what it saw of the tenant's regions (row-level security applies).
function probe(db: Db, tenantId: string) {
  return withTenantReadOnly(db, tenantId, async (tx) => {
    const { rows } = await sql<{ standby: boolean; names: string[] | null }>`
      select pg_is_in_recovery() as standby, (select array_agg(name order by name) from regions) as names
    `.execute(tx);
    return { standby: rows[0]?.standby ?? null, names: rows[0]?.names ?? [] };
  });
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(runs)('a streaming read replica', () => {
  let cluster: ReplicaCluster;
  let database: OpenDatabase;
  let adminDb: Db;
  let db: Db;
  let lag: ReplicaLag;
  let primaryClient: pg.Client;
  let standbyClient: pg.Client;
  let tenantId: string;
  let otherTenantId: string;
  const MAX_LAG_MS = 600;

  beforeAll(async () => {
    if (!bins) throw new Error('the embedded PostgreSQL binaries are missing');
    cluster = await startReplicaCluster(bins);
    // As a process opens it (db/bootstrap.ts): migrations and the app role on the primary, whence
    // they replicate; the replica's pool as that role.
    database = await openDatabase(
      loadConfig({
        DATABASE_URL: cluster.primaryUrl,
        DATABASE_REPLICA_URL: cluster.standbyUrl,
        DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        APP_DB_ROLE: TEST_APP_ROLE,
        APP_DB_PASSWORD: TEST_APP_PASSWORD,
      }),
      () => {},
    );
    ({ db, adminDb } = database);
    const attached = readReplicaOf(db);
    if (!attached) throw new Error('no replica attached to the app pool');
    lag = attached.lag;
    tenantId = (await createTestTenant(adminDb)).id;
    otherTenantId = (await createTestTenant(adminDb)).id;
    primaryClient = new pg.Client({ connectionString: cluster.primaryUrl });
    standbyClient = new pg.Client({ connectionString: cluster.standbyUrl });
    await primaryClient.connect();
    await standbyClient.connect();
  });

  afterAll(async () => {
    await primaryClient?.end();
    await standbyClient?.end();
    await database?.close();
    await cluster?.stop();
  });

  async function addRegion(forTenant: string, name: string): Promise<void> {
    await withTenant(db, forTenant, (tx) =>
      tx.insertInto('regions').values({ tenant_id: forTenant, name }).execute(),
    );
  }

  it('reads the replica once it has replayed the primary, as the tenant only', async () => {
    await addRegion(tenantId, 'North');
    await addRegion(otherTenantId, 'Elsewhere');
    await waitForReplay(primaryClient, standbyClient);
    const seen = await until(
      () => probe(db, tenantId),
      (p) => p.standby === true,
      'a read on the replica',
    );
    expect(seen.names).toContain('North');
    expect(seen.names).not.toContain('Elsewhere');
    expect(lag.state()).toBe('fresh');
  });

  it('never writes through read-only work, on the replica or the primary', async () => {
    const write = (tx: Parameters<Parameters<typeof withTenantReadOnly>[2]>[0]) =>
      tx.insertInto('regions').values({ tenant_id: tenantId, name: 'Sneaky' }).execute();
    // 25006 read_only_sql_transaction, wherever the work ran.
    await expect(withTenantReadOnly(db, tenantId, write)).rejects.toMatchObject({ code: '25006' });
    await expect(readingPrimary(() => withTenantReadOnly(db, tenantId, write))).rejects.toMatchObject({
      code: '25006',
    });
    const { rows } = await primaryClient.query(
      `select count(*)::int as n from regions where name = 'Sneaky'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('keeps read-your-own-writes on the primary', async () => {
    await addRegion(tenantId, 'Just written');
    const seen = await readingPrimary(() => probe(db, tenantId));
    expect(seen).toMatchObject({ standby: false });
    expect(seen.names).toContain('Just written');
  });

  it('keeps a browser that wrote on the primary for as long as the replica may lag', async () => {
    const app = Fastify();
    await app.register(cookie);
    app.decorate('config', loadConfig({}));
    registerReadYourWrites(app, MAX_LAG_MS);
    app.get('/probe', () => probe(db, tenantId));
    app.post('/regions', async () => {
      await addRegion(tenantId, 'Posted');
      return probe(db, tenantId);
    });
    try {
      await until(
        async () => (await app.inject({ method: 'GET', url: '/probe' })).json(),
        (p) => p.standby === true,
        'a read on the replica',
      );
      const posted = await app.inject({ method: 'POST', url: '/regions' });
      // The writing request itself reads the primary.
      expect(posted.json()).toMatchObject({ standby: false });
      const mark = posted.cookies.find((c) => c.name === RECENT_WRITE_COOKIE);
      expect(mark).toMatchObject({ value: '1', maxAge: 2, httpOnly: true });
      const next = await app.inject({
        method: 'GET',
        url: '/probe',
        cookies: { [RECENT_WRITE_COOKIE]: '1' },
      });
      expect(next.json()).toMatchObject({ standby: false });
      expect(next.json().names).toContain('Posted');
    } finally {
      await app.close();
    }
  });

  it('reads the primary while the replica lags past the bound, and the replica again once it caught up', async () => {
    await waitForReplay(primaryClient, standbyClient);
    await until(
      () => probe(db, tenantId),
      (p) => p.standby === true,
      'a read on the replica',
    );
    await standbyClient.query('select pg_wal_replay_pause()');
    try {
      await addRegion(tenantId, 'During the pause');
      // Within the bound the replica may still answer, without the new row; past it, the primary.
      const behind = await until(
        () => probe(db, tenantId),
        (p) => p.standby === false,
        'a read on the primary',
      );
      expect(behind.names).toContain('During the pause');
      expect(lag.state()).toBe('lagging');
    } finally {
      await standbyClient.query('select pg_wal_replay_resume()');
    }
    const back = await until(
      () => probe(db, tenantId),
      (p) => p.standby === true,
      'a read on the replica',
    );
    expect(back.names).toContain('During the pause');
  });
});

// Its own cluster: this one loses its standby. No schema is needed to tell the servers apart.
describe.runIf(runs)('a read replica going away under load', () => {
  let cluster: ReplicaCluster;
  let db: Db;
  let replica: OpenReadReplica;

  beforeAll(async () => {
    if (!bins) throw new Error('the embedded PostgreSQL binaries are missing');
    cluster = await startReplicaCluster(bins);
    db = createDb({ connectionString: cluster.primaryUrl, max: 8, onPoolError: () => {} });
    replica = openReadReplica({
      primary: db,
      replicaUrl: cluster.standbyUrl,
      appUrl: cluster.primaryUrl,
      maxLagMs: 2000,
      max: 8,
      onPoolError: () => {},
    });
  });

  afterAll(async () => {
    await replica?.close();
    if (db) await closeDb(db);
    await cluster?.stop();
  });

  it('answers every read while the standby stops mid-stream, from the primary afterwards', async () => {
    const tenant = '00000000-0000-4000-8000-000000000001';
    const read = () =>
      withTenantReadOnly(db, tenant, async (tx) => {
        // Long enough that the shutdown catches reads in flight.
        const { rows } = await sql<{ standby: boolean }>`
          select pg_is_in_recovery() as standby from pg_sleep(0.02)`.execute(tx);
        return rows[0]?.standby;
      });
    // Each reader goes on until it has made 15 reads that started after the standby was gone.
    let gone = false;
    const before: boolean[] = [];
    const after: boolean[] = [];
    const reader = async () => {
      let afterwards = 0;
      // Bounded, so that a failing test leaves no reader running past its pools.
      for (let reads = 0; afterwards < 15 && reads < 2000; reads += 1) {
        const started = gone;
        const standby = Boolean(await read());
        (started ? after : before).push(standby);
        if (started) afterwards += 1;
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    await until(
      async () => before.filter(Boolean).length,
      (n) => n >= 30,
      'reads on the replica',
    );
    // Work that cannot run twice (an export writing its file) is told, and starts over itself.
    const cut = withTenantReadOnly(db, tenant, (tx) => sql`select pg_sleep(5)`.execute(tx), {
      retryOnPrimary: false,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await cluster.stopStandby();
    expect(await cut).toBeInstanceOf(ReplicaGoneError);
    gone = true;
    const results = await Promise.allSettled(readers);
    // Not one read failed: those the shutdown cut off ran again on the primary.
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(after).toEqual(Array(6 * 15).fill(false));
    expect(replica.lag.state()).toBe('down');
    expect(await read()).toBe(false);
  });
});
