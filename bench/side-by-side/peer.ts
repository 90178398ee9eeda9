import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../apps/server/src/config.js';
import { call } from '../dashboard/session.js';

// The peer: Directus 10.10 over HTTP with its static token, on its own PostgreSQL (55433, database
// `peer`), both set up by ../shared/peer-directus/00-setup.sh. Nothing here changes the peer unless
// asked for the name search's two variants (setLowerNameIndex).

export type Peer = {
  port: number;
  headers: Record<string, string>;
  pg: pg.Client;
  pid: number | null;
};

export const PEER_LOWER_NAME_INDEX = 'workflows_name_lower_trgm_idx';

export async function openPeer(): Promise<Peer> {
  const url = new URL(process.env.DIRECTUS_URL ?? 'http://127.0.0.1:8055');
  // The load generator and the one-connection runs address 127.0.0.1 by port (dashboard/load.ts).
  if (url.hostname !== '127.0.0.1') throw new Error(`DIRECTUS_URL must be on 127.0.0.1, not ${url.hostname}`);
  const token = process.env.DIRECTUS_TOKEN ?? 'peer-bench-static-token-0001';
  const client = new pg.Client({
    connectionString: process.env.PEER_DATABASE_URL ?? 'postgres://postgres:pw@127.0.0.1:55433/peer',
  });
  await client.connect();
  const pidFile = process.env.DIRECTUS_PID_FILE ?? path.join(REPO_ROOT, 'data/peer/directus/directus.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : null;
  return { port: Number(url.port || 80), headers: { authorization: `Bearer ${token}` }, pg: client, pid };
}

export type PeerAnswer = { status: number; rows: number; count: number | null; body: string };

export async function askPeer(peer: Peer, path: string): Promise<PeerAnswer> {
  const reply = await call(peer.port, 'GET', path, peer.headers);
  if (reply.status !== 200) return { status: reply.status, rows: 0, count: null, body: reply.body };
  const body = JSON.parse(reply.body) as { data?: unknown[]; meta?: { filter_count?: number | string } };
  const count = body.meta?.filter_count;
  return {
    status: reply.status,
    rows: body.data?.length ?? 0,
    count: count === undefined ? null : Number(count),
    body: reply.body,
  };
}

// The true number of matches of a Directus question, from its table (the same WHERE it compiles).
export async function exactPeerCounts(peer: Peer, nameWord: string) {
  const one = async (where: string, params: unknown[] = []) => {
    const { rows } = await peer.pg.query<{ n: string }>(
      `select count(*) as n from workflows where ${where}`,
      params,
    );
    return Number(rows[0]?.n);
  };
  return {
    Q1c: await one('true'),
    Q2: await one('status_id in (2, 3) and region_id = 4'),
    Q4: await one('lower(name) like $1', [`%${nameWord.toLowerCase()}%`]),
    total: await one('true'),
  };
}

// Directus 10.10 cannot filter on the keys of a json field: the nested filter the REST syntax allows
// answers 200 and is left out of the SQL (peer README, finding 1). Asked once, so the run shows it.
export async function peerAnswerFilterAttempt(peer: Peer): Promise<string> {
  const path =
    '/items/workflows?limit=20&sort=-created_at&meta=filter_count' +
    '&filter[answers][risk_score][_gt]=70&filter[answers][country][_eq]=DE';
  const answer = await askPeer(peer, path);
  return `nested json filter answered ${answer.status}, ${answer.rows} rows, filter_count ${answer.count ?? '-'}`;
}

export async function hasLowerNameIndex(peer: Peer): Promise<boolean> {
  const { rows } = await peer.pg.query(
    `select 1 from pg_indexes where tablename = 'workflows' and indexname = $1`,
    [PEER_LOWER_NAME_INDEX],
  );
  return rows.length > 0;
}

// The name search's two Directus variants (the issue compares with both): `_icontains` compiles to
// LOWER(name) LIKE, which only a trigram index on lower(name) serves (../shared/peer-directus/
// 07-variants.sql (a)). Made as 07-variants.sql makes it.
export async function setLowerNameIndex(peer: Peer, present: boolean): Promise<void> {
  if (present) {
    await peer.pg.query(
      `create index if not exists ${PEER_LOWER_NAME_INDEX} on workflows using gin (lower(name) gin_trgm_ops)`,
    );
    await peer.pg.query('analyze workflows');
  } else {
    await peer.pg.query(`drop index if exists ${PEER_LOWER_NAME_INDEX}`);
  }
}

// Requests autocannon stopped waiting for (Directus's queries run on) would load the next run: it
// starts once no query of the peer database has been seen running for a second (3 minutes at most).
export async function peerDrained(peer: Peer): Promise<void> {
  const deadline = Date.now() + 180_000;
  let idleChecks = 0;
  while (idleChecks < 5 && Date.now() < deadline) {
    const { rows } = await peer.pg.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`,
    );
    idleChecks = Number(rows[0]?.n) === 0 ? idleChecks + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// CPU seconds a process has used (user + system), from /proc; null when it cannot be read.
export function cpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After "pid (comm) ", utime and stime are fields 14 and 15 of stat, 12 and 13 here.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

// The PostgreSQL settings that shape these plans, for the record: the two servers are started apart
// (the peer by pg-serve.mjs with its own flags), so a run says whether they match.
const SETTINGS = [
  'shared_buffers',
  'work_mem',
  'effective_cache_size',
  'random_page_cost',
  'max_parallel_workers_per_gather',
];

export async function planSettings(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string; value: string }>(
    `select name, current_setting(name) as value from pg_settings where name = any($1) order by name`,
    [SETTINGS],
  );
  return rows.map((r) => `${r.name}=${r.value}`).join(' ');
}
