// The loop of a job that walks its items from a stored cursor, one batch per transaction (workflow
// moves, batch imports and their undo, batch updates and their undo). Each batch commits its work,
// its results and the advanced cursor together, so a worker killed at any point leaves the job at
// the end of its last whole batch and the next attempt goes on from there, repeating nothing.
export type CursorRunOutcome = 'finished' | 'failed' | 'stopped' | 'skipped';

export type CursorJob<Claimed> = {
  // Takes the job for this attempt (queued -> running; a retry also takes running) and loads what
  // every batch needs; none when it is not this attempt's to run (finished, undone, taken).
  claim(): Promise<Claimed | null | undefined>;
  // One batch in its own transaction; false once nothing is left (the job marked finished).
  batch(claimed: Claimed): Promise<boolean>;
  // Records a failure the job cannot get past; its message is shown to the person who started it.
  fail(message: string): Promise<void>;
  // Aborted when this worker lost the job's lease: the loop stops between batches and leaves the
  // job to the next attempt, which resumes from the cursor.
  signal?: AbortSignal | undefined;
  // Tests watch (and interrupt) the run after each committed batch.
  afterBatch?: ((batches: number) => void) | undefined;
};

export async function runCursorJob<Claimed>(job: CursorJob<Claimed>): Promise<CursorRunOutcome> {
  const claimed = await job.claim();
  if (claimed === undefined || claimed === null) return 'skipped';
  try {
    for (let batches = 1; ; batches += 1) {
      if (job.signal?.aborted) return 'stopped';
      if (!(await job.batch(claimed))) return 'finished';
      job.afterBatch?.(batches);
    }
  } catch (error) {
    if (job.signal?.aborted) return 'stopped';
    const message = error instanceof Error ? error.message : String(error);
    await job.fail(message.slice(0, 2000));
    return 'failed';
  }
}
