import type { CaseResult } from '../dashboard/load.js';
import type { SequentialResult } from '../tasks/sequential.js';

// The side-by-side tables: every load run as measured, then one line per question with the
// ratio of our mean req/s to the peer's (and the lowest ratio of a round's pair), against the
// issue's aim of 10 times.

export type Side = 'ours' | 'directus';

export type Run = CaseResult & {
  question: string;
  side: Side;
  round: number;
  seconds: number;
  cpuMsPerRequest: number | null;
};

export type QuestionSummary = {
  question: string;
  matches: string;
  ours: { runs: Run[]; alone: SequentialResult };
  // null: Directus cannot ask it; `cannot` says what it did instead.
  peer: { runs: Run[]; alone: SequentialResult } | null;
  cannot?: string;
};

export const AIM = 10;

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
const fixed = (n: number, digits = 1) => Number(n.toFixed(digits));
// A peer with no successful answer gives no finite ratio: said so, or '-' when neither side answered.
const ratio = (ours: number, peer: number) =>
  peer > 0 ? fixed(ours / peer, 2) : ours > 0 ? '∞ (peer 0)' : '-';

// Successful answers per second: failed requests (non-200, errors, time-outs) do not count.
const okRps = (r: Run) => Math.max(0, r.requests - r.errors) / r.seconds;

// Latencies of a run with no answer at all are not zero.
const ms = (r: Run, value: number) => (r.requests === 0 ? '-' : value);
const meanMs = (rs: readonly Run[], pick: (r: Run) => number) => {
  const answered = rs.filter((r) => r.requests > 0);
  return answered.length === 0 ? '-' : mean(answered.map(pick)).toFixed(0);
};

export function runsTable(runs: readonly Run[]) {
  return runs.map((r) => ({
    question: r.question,
    side: r.side,
    round: r.round,
    'req/s': r.rps,
    'ok req/s': fixed(okRps(r)),
    p50: ms(r, r.p50),
    p95: ms(r, r.p95),
    p99: ms(r, r.p99),
    errors: r.errors,
    'cpu ms/req': r.cpuMsPerRequest ?? '-',
  }));
}

export function summaryTable(summaries: readonly QuestionSummary[]) {
  return summaries.map((s) => {
    const ours = mean(s.ours.runs.map(okRps));
    const peer = s.peer ? mean(s.peer.runs.map(okRps)) : null;
    const pairs = s.peer
      ? s.ours.runs.map((o, i) => {
          const p = s.peer?.runs[i];
          if (p && okRps(p) > 0) return okRps(o) / okRps(p);
          return okRps(o) > 0 ? Number.POSITIVE_INFINITY : 0;
        })
      : [];
    const lowest = pairs.length > 0 ? Math.min(...pairs) : null;
    return {
      question: s.question,
      matches: s.matches,
      'ours req/s': fixed(ours),
      'ours p50/p99': `${meanMs(s.ours.runs, (r) => r.p50)}/${meanMs(s.ours.runs, (r) => r.p99)}`,
      'directus req/s': peer === null ? (s.cannot ?? 'cannot') : fixed(peer),
      'directus p50/p99': s.peer
        ? `${meanMs(s.peer.runs, (r) => r.p50)}/${meanMs(s.peer.runs, (r) => r.p99)}`
        : '-',
      'ours/directus': peer === null ? '-' : ratio(ours, peer),
      'lowest round ratio': lowest === null ? '-' : Number.isFinite(lowest) ? fixed(lowest, 2) : '∞ (peer 0)',
      [`≥${AIM}x`]: peer === null ? '-' : lowest !== null && lowest >= AIM ? 'yes' : 'no',
      'ours 1 conn p50/p95': `${s.ours.alone.p50}/${s.ours.alone.p95}`,
      'directus 1 conn p50/p95': s.peer ? `${s.peer.alone.p50}/${s.peer.alone.p95}` : '-',
    };
  });
}
