import http from 'node:http';
import { percentile } from '../dashboard/load.js';
import type { Session } from '../dashboard/session.js';

// The load: N virtual users, each sending one request after another for a fixed time over its own
// keep-alive connection to 127.0.0.1, picking from a weighted mix of the product's main calls. A
// hand-made loop rather than autocannon: every write's answer must be matched to the unique marker
// it carried, to check afterwards that each confirmed write is stored exactly once.

export type MixItem = {
  name: string;
  weight: number;
  method: 'GET' | 'POST';
  path: string;
  // Writes: the body for one marker.
  body?: (marker: string) => string;
};

export type TrafficResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  byStatus: Record<string, number>;
  // No answer at all: the connection was refused, reset or timed out.
  dropped: number;
  fiveHundreds: number;
  // The same figures over the first seconds only, before any fault.
  beforeFaults: { requests: number; rps: number; p50: number; p99: number };
  // Answers per 5-second slot of the run, by status ('dropped' for none), to see each fault's effect.
  timeline: Record<string, Record<string, number>>;
  byCall: Record<string, { requests: number; non2xx: number }>;
  confirmedWrites: string[];
  unconfirmedWrites: string[];
};

type Answer = { status: number } | { dropped: string };

function send(agent: http.Agent, port: number, item: MixItem, session: Session, marker: string) {
  return new Promise<Answer>((resolve) => {
    const headers = item.method === 'GET' ? session.headers : session.writeHeaders;
    const request = http.request(
      { host: '127.0.0.1', port, method: item.method, path: item.path, headers, agent, timeout: 30_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ dropped: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 30 s')));
    request.on('error', (error) => resolve({ dropped: error.message }));
    request.end(item.body?.(marker));
  });
}

export async function runTraffic(options: {
  port: number;
  session: Session;
  mix: MixItem[];
  connections: number;
  seconds: number;
  runId: string;
  // Called every second with the seconds elapsed, for the fault timeline.
  onTick?: (second: number) => void;
  // The first fault's second: requests answered before it make the quiet figures.
  quietSeconds: number;
}): Promise<TrafficResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const totalWeight = options.mix.reduce((sum, item) => sum + item.weight, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const item of options.mix) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return options.mix[0] as MixItem;
  };
  const latencies: number[] = [];
  const quietLatencies: number[] = [];
  const timeline: TrafficResult['timeline'] = {};
  const mark = (at: number, outcome: string) => {
    const from = Math.floor((at - started) / 5000) * 5;
    const slot = `${String(from).padStart(3, '0')}-${from + 5}s`;
    const counts = timeline[slot] ?? {};
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    timeline[slot] = counts;
  };
  const byStatus: Record<string, number> = {};
  const byCall: TrafficResult['byCall'] = {};
  const confirmedWrites: string[] = [];
  const unconfirmedWrites: string[] = [];
  let dropped = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let second = 0;
  const ticker = setInterval(() => options.onTick?.(++second), 1000);

  const user = async () => {
    while (performance.now() < deadline) {
      const item = pick();
      const marker = `soak-${options.runId}-${++sequence}`;
      const t0 = performance.now();
      const answer = await send(agent, options.port, item, options.session, marker);
      const t1 = performance.now();
      latencies.push(t1 - t0);
      if (t1 - started < options.quietSeconds * 1000) quietLatencies.push(t1 - t0);
      const call = byCall[item.name] ?? { requests: 0, non2xx: 0 };
      byCall[item.name] = call;
      call.requests += 1;
      mark(t1, 'dropped' in answer ? 'dropped' : String(answer.status));
      if ('dropped' in answer) {
        dropped += 1;
        call.non2xx += 1;
        if (item.body) unconfirmedWrites.push(marker);
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      const ok = answer.status >= 200 && answer.status < 300;
      if (!ok) call.non2xx += 1;
      if (item.body) (ok ? confirmedWrites : unconfirmedWrites).push(marker);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, user));
  clearInterval(ticker);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  quietLatencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    byStatus,
    dropped,
    fiveHundreds: Object.entries(byStatus)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0),
    beforeFaults: {
      requests: quietLatencies.length,
      rps: Math.round(quietLatencies.length / options.quietSeconds),
      p50: percentile(quietLatencies, 0.5),
      p99: percentile(quietLatencies, 0.99),
    },
    timeline: Object.fromEntries(Object.entries(timeline).sort()),
    byCall,
    confirmedWrites,
    unconfirmedWrites,
  };
}
