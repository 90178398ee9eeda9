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
// Ratios on zero successful answers per second: none is written '-', never infinity.
const ratio = (ours: number, peer: number) =>
  peer > 0 ? fixed(ours / peer, 2) : ours > 0 ? '∞ (peer 0)' : '-';

// Successful answers per second: failed requests (non-200, errors, time-outs) do not count.
const okRps = (r: Run) => Math.max(0, r.requests - r.errors) / r.seconds;

export function runsTable(runs: readonly Run[]) {
  return runs.map((r) => ({
    question: r.question,
    side: r.side,
    round: r.round,
    'req/s': r.rps,
    'ok req/s': fixed(okRps(r)),
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
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
          return p && okRps(p) > 0 ? okRps(o) / okRps(p) : Number.POSITIVE_INFINITY;
        })
      : [];
    const lowest = pairs.length > 0 ? Math.min(...pairs) : null;
    return {
      question: s.question,
      matches: s.matches,
      'ours req/s': fixed(ours),
      'ours p50/p99': `${mean(s.ours.runs.map((r) => r.p50)).toFixed(0)}/${mean(s.ours.runs.map((r) => r.p99)).toFixed(0)}`,
      'directus req/s': peer === null ? (s.cannot ?? 'cannot') : fixed(peer),
      'directus p50/p99': s.peer
        ? `${mean(s.peer.runs.map((r) => r.p50)).toFixed(0)}/${mean(s.peer.runs.map((r) => r.p99)).toFixed(0)}`
        : '-',
      'ours/directus': peer === null ? '-' : ratio(ours, peer),
      'lowest round ratio': lowest === null ? '-' : Number.isFinite(lowest) ? fixed(lowest, 2) : '∞ (peer 0)',
      [`≥${AIM}x`]: peer === null ? '-' : lowest !== null && lowest >= AIM ? 'yes' : 'no',
      'ours 1 conn p50/p95': `${s.ours.alone.p50}/${s.ours.alone.p95}`,
      'directus 1 conn p50/p95': s.peer ? `${s.peer.alone.p50}/${s.peer.alone.p95}` : '-',
    };
  });
}
