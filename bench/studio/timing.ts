// Small helpers the studio benchmarks share: timing, order statistics, the machine's load and
// bounded command-line numbers.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export const machineLoad = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// `--name value` or `--name=value` on the command line, else the environment variable, else the default.
export function argument(name: string, envName: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3) ?? process.env[envName];
}

export function boundedInteger(value: string | undefined, fallback: number, min: number, max: number) {
  const parsed = Math.floor(Number(value ?? fallback));
  if (!Number.isFinite(parsed)) return fallback;
  return Math.min(max, Math.max(min, parsed));
}

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
