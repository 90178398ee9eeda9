// The peak RSS of this process (the one doing the work) sampled every 100 ms, read at checkpoints
// of rows done (10k, 50k and 100k of a 100k import): each checkpoint's peak is the highest RSS seen
// since the phase started, so memory that grows with the rows written shows as a rising peak.
import { mib } from '../studio/timing.js';

export type Checkpoint = { rowsDone: number; peakRssMib: number; rssMib: number; heapMib: number };

export function rssCheckpoints(total: number, fractions: readonly number[] = [0.1, 0.5, 1]) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const marks = fractions.map((f) => Math.max(1, Math.round(total * f)));
  const taken: Checkpoint[] = [];
  const take = (rowsDone: number) => {
    const { rss, heapUsed } = process.memoryUsage();
    peak = Math.max(peak, rss);
    taken.push({
      rowsDone,
      peakRssMib: Number(mib(peak)),
      rssMib: Number(mib(rss)),
      heapMib: Number(mib(heapUsed)),
    });
  };
  return {
    // Called after each committed batch with the rows done so far.
    progress(rowsDone: number) {
      while (marks.length > 0 && rowsDone >= (marks[0] ?? Number.POSITIVE_INFINITY)) {
        marks.shift();
        take(rowsDone);
      }
    },
    stop(): Checkpoint[] {
      clearInterval(timer);
      return taken;
    },
  };
}

// Flat: the peak at the last checkpoint is within 10% (at least 32 MiB, a batch's garbage) of the
// first's.
export function flatVerdict(checkpoints: readonly Checkpoint[]): string {
  const first = checkpoints[0];
  const last = checkpoints.at(-1);
  if (!first || !last || checkpoints.length < 2) return 'too few checkpoints to judge';
  const growth = last.peakRssMib - first.peakRssMib;
  return growth <= Math.max(first.peakRssMib * 0.1, 32)
    ? `flat (+${growth.toFixed(1)} MiB from ${first.rowsDone.toLocaleString('en')} to ${last.rowsDone.toLocaleString('en')} rows)`
    : `GROWING (+${growth.toFixed(1)} MiB from ${first.rowsDone.toLocaleString('en')} to ${last.rowsDone.toLocaleString('en')} rows)`;
}
