// Side by side with the peer (issue 17): the same four questions (first page with count; status and
// region with count; name contains with count; an answer filter) asked of our API at 1M workflows
// and of Directus 10.10 on the peer's 1M-row table, interleaved in one run, with the ratios.
// Set up the peer once (../shared/peer-directus/README.md, PEER_DIR=data/peer), start it with
// `bash bench/side-by-side/peer.sh start` (stop: `... stop`), seed ours with `npm run bench:seed`,
// then `npm run bench:side-by-side`.
// Per question: one request each, checked (200, a full page, counts against the true number of
// matches: ours exact or an estimate within 10 %, Directus exact); then each side alone, one
// connection, up to BENCH_REQUESTS (default 20) requests in at most BENCH_SECONDS; then
// BENCH_ROUNDS (default 2) rounds of ours then Directus, autocannon with BENCH_CONNECTIONS (default
// 50) for BENCH_SECONDS (default 10) each, every run starting once both databases are idle. An
// estimated count off by more than BENCH_COUNT_TOLERANCE (default 0.1) stops the run.
// The name search runs twice when BENCH_PEER_NAME_INDEX=both (the default): Directus without, then
// with, the lower(name) trigram index of 07-variants.sql (this run drops and makes it on the peer's
// scratch database; 'as-is' leaves it alone). Directus cannot ask the answer filter: the run shows
// what its nested json filter does instead and measures ours alone.
// Our API runs in this process (as bench:dashboard), on the application role's pool (row-level
// security), signed in as the bench user; autocannon runs in this process too, so it shares our
// API's event loop but not Directus's (a handicap for ours only). Figures go to bench/RESULTS.md by
// hand, from an idle machine. `-- --explain` prints each question's queries and slowest plan on both
// sides instead of the load; `-- --only=Q2` asks one question.
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { appRoleUrl } from '../apps/server/src/db/database.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import {
  BENCH_PASSWORD,
  BENCH_TENANT_SLUG,
  BENCH_USER_EMAIL,
  benchConfig,
  openBenchDatabase,
} from './bench-database.js';
import { benchIds } from './dashboard/cases.js';
import { load } from './dashboard/load.js';
import { call, closeAgent, signIn } from './dashboard/session.js';
import { repairStoppedSeed } from './seed/repair-stopped-seed.js';
import { explainOurs, explainPeer } from './side-by-side/explain.js';
import {
  askPeer,
  cpuSeconds,
  exactPeerCounts,
  hasLowerNameIndex,
  openPeer,
  type Peer,
  peerAnswerFilterAttempt,
  peerDrained,
  planSettings,
  setLowerNameIndex,
} from './side-by-side/peer.js';
import {
  exactOurCounts,
  OUR_NAME_WORD,
  PEER_NAME_WORD,
  type Question,
  questions,
} from './side-by-side/questions.js';
import { type QuestionSummary, type Run, runsTable, type Side, summaryTable } from './side-by-side/report.js';
import { recordingDb } from './tasks/recording.js';
import { drained, sequential } from './tasks/sequential.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
// An estimated count must be within this share of the truth (issue 17: 10 %).
const COUNT_TOLERANCE = Number(process.env.BENCH_COUNT_TOLERANCE ?? 0.1);
const NAME_INDEX = process.env.BENCH_PEER_NAME_INDEX ?? 'both';
const STATEMENT_TIMEOUT_MS = Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 30_000);
const explain = process.argv.includes('--explain');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (!['both', 'as-is'].includes(NAME_INDEX)) throw new Error('BENCH_PEER_NAME_INDEX is both or as-is');

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const startLoad = loadAverage();
console.log(
  `${new Date().toISOString()}  load average ${startLoad} (1, 5, 15 min), ${os.cpus().length} cores`,
);

const config = benchConfig();
const database = await openBenchDatabase(config);
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
await repairStoppedSeed(admin, (m) => console.log(m));
const ids = await benchIds(admin, BENCH_TENANT_SLUG, BENCH_USER_EMAIL);
const appUrl =
  config.DATABASE_APP_URL ?? appRoleUrl(database.adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD);
// The API's pool of 20 with a statement timeout, its queries counted for the first request.
const recording = recordingDb(appUrl, STATEMENT_TIMEOUT_MS);
const services = createServices(config, { db: recording.db, adminDb: database.adminDb }, null, {
  log: () => {},
});
const app = await buildApp({ services, logger: false });
const port = await freePort();
await app.listen({ host: '127.0.0.1', port });
const session = await signIn(port, `${BENCH_TENANT_SLUG}.localhost`, BENCH_USER_EMAIL, BENCH_PASSWORD);
const peer = await openPeer();

const runs: Run[] = [];
const summaries: QuestionSummary[] = [];

try {
  const all = questions(ids).filter((q) => !only || q.id === only);
  console.log(`our name word '${OUR_NAME_WORD}', Directus's '${PEER_NAME_WORD}'; counting true matches...`);
  const ourTrue = await exactOurCounts(admin, ids);
  const peerTrue = await exactPeerCounts(peer, PEER_NAME_WORD);
  console.log(
    `ours: ${ourTrue.Q1c.toLocaleString('en')} workflows; Directus: ${peerTrue.total.toLocaleString('en')} rows`,
  );
  console.log(
    `Directus lower(name) trigram index: ${(await hasLowerNameIndex(peer)) ? 'present' : 'absent'}`,
  );
  const settings = { ours: await planSettings(admin), peer: await planSettings(peer.pg) };
  console.log(`PostgreSQL, ours:     ${settings.ours}\nPostgreSQL, Directus: ${settings.peer}`);
  if (settings.ours !== settings.peer)
    console.log('(the two servers run with different settings: see above)');
  const cannot = await peerAnswerFilterAttempt(peer);
  console.log(`Directus, answer filter: cannot (${cannot})`);

  // Every answer checked before anything is measured: a fast wrong answer is no figure.
  const matches: Record<string, string> = {};
  const problems: string[] = [];
  for (const q of all) {
    let reply = { status: 0, body: '' };
    const recorded = await recording.record(async () => {
      reply = await call(port, 'GET', q.ours, session.headers);
    });
    if (reply.status !== 200) {
      problems.push(`${q.id} ours: ${reply.status} ${reply.body.slice(0, 200)}`);
      continue;
    }
    const body = JSON.parse(reply.body) as { results: unknown[]; count: number; count_is_estimate?: boolean };
    const truth = ourTrue[q.id];
    const off = truth === 0 ? 0 : Math.abs(body.count - truth) / truth;
    const said = `${recorded.queries.length} queries, ${body.results.length} rows, count ${body.count}${body.count_is_estimate ? ' (estimate)' : ''}, true ${truth}`;
    console.log(`${q.id} ours: ${said}`);
    if (body.results.length === 0) problems.push(`${q.id} ours: an empty page`);
    if (body.count_is_estimate ? off > COUNT_TOLERANCE : body.count !== truth) {
      problems.push(`${q.id} ours: ${said}, off by ${(off * 100).toFixed(1)} %`);
    }
    matches[q.id] = `${truth.toLocaleString('en')}`;
    if (!q.peer) continue;
    const answer = await askPeer(peer, q.peer);
    const peerTruth = peerTrue[q.id as 'Q1c' | 'Q2' | 'Q4'];
    console.log(
      `${q.id} Directus: ${answer.status}, ${answer.rows} rows, filter_count ${answer.count}, true ${peerTruth}`,
    );
    if (answer.status !== 200 || answer.rows === 0 || answer.count !== peerTruth) {
      problems.push(
        `${q.id} Directus: ${answer.status} ${answer.rows} rows, count ${answer.count} ${answer.body.slice(0, 200)}`,
      );
    }
    matches[q.id] += ` / ${peerTruth.toLocaleString('en')}`;
  }
  if (problems.length > 0)
    throw new Error(`Not measured, answers failed their checks:\n${problems.join('\n')}`);

  if (explain) {
    for (const q of all) {
      await explainOurs(port, session.headers, appUrl, recording, q);
      await explainPeer(peer, q);
    }
  }

  const run = async (question: string, side: Side, round: number, path: string, target: Peer | null) => {
    const cpu0 = target ? cpuSeconds(target.pid) : process.cpuUsage();
    const result = await load(`${question} ${side}`, {
      port: target ? target.port : port,
      path,
      headers: target ? target.headers : session.headers,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const cpu1 = target ? cpuSeconds(target.pid) : process.cpuUsage();
    let cpuMs: number | null = null;
    if (typeof cpu0 === 'number' && typeof cpu1 === 'number') cpuMs = (cpu1 - cpu0) * 1000;
    else if (cpu0 !== null && cpu1 !== null && typeof cpu0 === 'object' && typeof cpu1 === 'object')
      cpuMs = (cpu1.user - cpu0.user + cpu1.system - cpu0.system) / 1000;
    const entry: Run = {
      ...result,
      question,
      side,
      round,
      seconds: SECONDS,
      cpuMsPerRequest:
        cpuMs === null || result.requests === 0 ? null : Number((cpuMs / result.requests).toFixed(1)),
    };
    runs.push(entry);
    console.log(JSON.stringify(entry));
    // Both sides idle before the next run: our queued requests and Directus's queries finish.
    await drained(admin, config.APP_DB_ROLE);
    await peerDrained(peer);
    return entry;
  };

  const measure = async (q: Question, label: string, peerSide: boolean, cannotText?: string) => {
    const ours = await sequential(`${label} ours`, {
      port,
      path: q.ours,
      headers: session.headers,
      requests: REQUESTS,
      seconds: SECONDS,
    });
    const peerAlone =
      peerSide && q.peer
        ? await sequential(`${label} directus`, {
            port: peer.port,
            path: q.peer,
            headers: peer.headers,
            requests: REQUESTS,
            seconds: SECONDS,
          })
        : null;
    console.log(JSON.stringify({ alone: label, ours, directus: peerAlone }));
    const oursRuns: Run[] = [];
    const peerRuns: Run[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      oursRuns.push(await run(label, 'ours', round, q.ours, null));
      if (peerAlone && q.peer) peerRuns.push(await run(label, 'directus', round, q.peer, peer));
    }
    summaries.push({
      question: label,
      matches: matches[q.id] ?? '',
      ours: { runs: oursRuns, alone: ours },
      peer: peerAlone ? { runs: peerRuns, alone: peerAlone } : null,
      cannot: cannotText,
    });
  };

  for (const q of explain ? [] : all) {
    const label = `${q.id} ${q.title}`;
    if (q.id === 'Q4' && NAME_INDEX === 'both') {
      await setLowerNameIndex(peer, false);
      await measure(q, `${label} (Directus: no lower(name) index)`, true);
      console.log('making the lower(name) trigram index on the peer (07-variants.sql (a))...');
      await setLowerNameIndex(peer, true);
      await peerDrained(peer);
      await measure(q, `${label} (Directus: lower(name) trigram index)`, true);
    } else if (q.id === 'Q4') {
      const index = (await hasLowerNameIndex(peer)) ? 'lower(name) trigram index' : 'no lower(name) index';
      await measure(q, `${label} (Directus: ${index})`, true);
    } else {
      await measure(q, label, q.peer !== null, q.peer ? undefined : 'cannot');
    }
  }

  if (!explain) printTables(cannot);
} finally {
  closeAgent();
  await app.close();
  await recording.close();
  await peer.pg.end();
  await admin.end();
  await database.close();
}

function printTables(cannot: string): void {
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds (ours then Directus); load average ${startLoad} before, ${loadAverage()} after`,
  );
  console.table(runsTable(runs));
  console.log(
    `ok req/s: answers that were 200. cpu ms/req: ours the whole process (API + autocannon); Directus its server process.\nDirectus cannot ask the answer filter: ${cannot}.`,
  );
  console.table(summaryTable(summaries));
}
