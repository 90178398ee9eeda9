import type pg from 'pg';
import { percentile } from '../dashboard/load.js';
import { call } from '../dashboard/session.js';

// One connection: N requests one after another, the time a person waits for the page on an
// otherwise idle API. Stops early when the time budget runs out (a case too slow for N in it says
// so by its request count).

export type SequentialResult = {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

export async function sequential(
  name: string,
  options: { port: number; path: string; headers: Record<string, string>; requests: number; seconds: number },
): Promise<SequentialResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  while (latencies.length < options.requests && performance.now() < deadline) {
    const t0 = performance.now();
    const reply = await call(options.port, 'GET', options.path, options.headers);
    latencies.push(performance.now() - t0);
    if (reply.status !== 200) errors += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

// Requests a load left queued for a pool connection run after it stops: the next case starts once no
// statement of the application role has been seen running for a second (three minutes at most).
export async function drained(admin: pg.Client, appRole: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  let idleChecks = 0;
  while (idleChecks < 5 && Date.now() < deadline) {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where usename = $1 and state <> 'idle'`,
      [appRole],
    );
    idleChecks = Number(rows[0]?.n) === 0 ? idleChecks + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
