import { call } from '../dashboard/session.js';
import { explainAsApp, type recordingDb } from '../tasks/recording.js';
import type { Peer } from './peer.js';
import { PEER_NAME_WORD, type Question } from './questions.js';

// `bench:side-by-side -- --explain`: where each side's time goes, instead of the load. Ours: the
// request's queries (slowest first) and the slowest one under EXPLAIN (ANALYZE, BUFFERS) as the
// application role with the request's own settings (row-level security included). Directus: its
// page and count as it compiles them (the SQL the peer README captured), on its database.

const PEER_WHERE: Record<string, { sql: string; params: unknown[] }> = {
  Q1c: { sql: 'true', params: [] },
  Q2: { sql: 'status_id in (2, 3) and region_id = 4', params: [] },
  Q4: { sql: 'lower(name) like $1', params: [`%${PEER_NAME_WORD.toLowerCase()}%`] },
};

export async function explainOurs(
  port: number,
  headers: Record<string, string>,
  appUrl: string,
  recording: ReturnType<typeof recordingDb>,
  question: Question,
): Promise<void> {
  const recorded = await recording.record(() => call(port, 'GET', question.ours, headers));
  console.log(`\n=== ${question.id} ours: ${recorded.queries.length} queries`);
  for (const q of recorded.queries) {
    console.log(`  ${q.ms.toFixed(1).padStart(6)} ms  ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
  }
  // The API's own EXPLAINs (a count estimated from the plan), begins and commits are not explained.
  const slowest = recorded.queries.find((q) => !/^\s*(explain|begin|commit|rollback)\b/i.test(q.sql));
  if (!slowest) return;
  console.log(slowest.sql);
  console.log(`parameters: ${JSON.stringify(slowest.parameters).slice(0, 1000)}`);
  console.log(await explainAsApp(appUrl, recorded, slowest));
}

export async function explainPeer(peer: Peer, question: Question): Promise<void> {
  const where = PEER_WHERE[question.id];
  if (!where || !question.peer) return;
  for (const sql of [
    `select * from workflows where ${where.sql} order by created_at desc limit 20`,
    `select count(*) as count from workflows where ${where.sql}`,
  ]) {
    const { rows } = await peer.pg.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${sql}`,
      where.params,
    );
    console.log(`\n=== ${question.id} Directus: ${sql}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
