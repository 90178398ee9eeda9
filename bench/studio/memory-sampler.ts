// Samples this process's memory (heapUsed and rss) at a fixed interval while a job runs, for the
// move benchmark's "flat memory" check (issue 15). Flat: the heap's mean over the last quarter of
// the samples is no more than the first quarter's plus 10% (at least 8 MiB, the garbage collector's
// usual swing), so a heap that grows with the workflows moved shows, and a sawtooth does not.
import { mib } from './timing.js';

type Sample = { heapUsed: number; rss: number };

export type MemoryReport = {
  samples: number;
  heap: { min: number; max: number; last: number; firstQuarter: number; lastQuarter: number };
  rss: { min: number; max: number; last: number };
  // Too few samples (a move of a batch or two) to tell a trend from one batch's garbage.
  judged: boolean;
  flat: boolean;
};

const MIN_SAMPLES_TO_JUDGE = 16;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export function sampleMemory(intervalMs = 250) {
  const samples: Sample[] = [];
  const take = () => {
    const { heapUsed, rss } = process.memoryUsage();
    samples.push({ heapUsed, rss });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop(): MemoryReport {
      clearInterval(timer);
      take();
      const heap = samples.map((s) => s.heapUsed);
      const rss = samples.map((s) => s.rss);
      const quarter = Math.max(1, Math.floor(samples.length / 4));
      const firstQuarter = mean(heap.slice(0, quarter));
      const lastQuarter = mean(heap.slice(-quarter));
      return {
        samples: samples.length,
        heap: {
          min: Math.min(...heap),
          max: Math.max(...heap),
          last: heap.at(-1) ?? 0,
          firstQuarter,
          lastQuarter,
        },
        rss: { min: Math.min(...rss), max: Math.max(...rss), last: rss.at(-1) ?? 0 },
        judged: samples.length >= MIN_SAMPLES_TO_JUDGE,
        flat: lastQuarter - firstQuarter <= Math.max(firstQuarter * 0.1, 8 * 1024 * 1024),
      };
    },
  };
}

export function describeMemory(report: MemoryReport): string {
  const { heap, rss } = report;
  return [
    `heap MiB min ${mib(heap.min)} max ${mib(heap.max)} last ${mib(heap.last)}`,
    `(first quarter mean ${mib(heap.firstQuarter)}, last quarter mean ${mib(heap.lastQuarter)}: ${verdict(report)})`,
    `rss MiB min ${mib(rss.min)} max ${mib(rss.max)} last ${mib(rss.last)}; ${report.samples} samples`,
  ].join(' ');
}

export const verdict = (report: MemoryReport) =>
  !report.judged ? 'too short to judge' : report.flat ? 'flat' : 'GROWING';
