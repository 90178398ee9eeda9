import v8 from 'node:v8';
import autocannon from 'autocannon';

// One case under load: autocannon with N connections for a fixed time against the in-process API,
// every response's latency kept (autocannon's own histogram has no p95), the process's RSS sampled
// every 100 ms. Traffic goes to 127.0.0.1 only.

export type CaseResult = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  peakRssMb: number;
};

// The old generation (old and large-object spaces): what survived young collections, so what a job
// holds as its rows grow. The heap's total also counts the young generation's garbage not yet
// collected, up to the size of that generation (64 MB per semi-space as npm start runs).
export function oldGenerationBytes(): number {
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'old_space' || space.space_name === 'large_object_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

export function memorySampler(everyMs = 100) {
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let peakOld = oldGenerationBytes();
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakOld = Math.max(peakOld, oldGenerationBytes());
  }, everyMs);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return {
    stop: () => {
      clearInterval(timer);
      return { peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap), peakOldMb: mb(peakOld) };
    },
  };
}

export const percentile = (sorted: readonly number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1));

export async function load(
  name: string,
  options: {
    port: number;
    path: string;
    headers: Record<string, string>;
    connections: number;
    seconds: number;
  },
): Promise<CaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  const memory = memorySampler();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}${options.path}`,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    // At run time the listener gets (client, statusCode, bytes, responseTime); the typings omit client.
    instance.on('response', ((_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status !== 200) errors += 1;
    }) as never);
  });
  const { peakRssMb } = memory.stop();
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: Math.round(latencies.length / options.seconds),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: errors + result.errors + result.timeouts,
    peakRssMb,
  };
}
