// Reads an async source ahead of its consumer, up to `limit` items: while the consumer works on the
// items already read, the source fetches the next ones (for a database cursor, the next batch is
// being made by the database while this process writes the previous one). Errors reach the consumer
// in order; when the consumer stops early, the source is closed (its finally blocks run).
export async function* readAhead<T>(source: AsyncIterable<T>, limit: number): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const queue: T[] = [];
  let head = 0;
  let done = false;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  // Wakes the consumer when an item, the end or an error arrives; the producer when room appears.
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;

  const producing = (async () => {
    try {
      while (!stopped) {
        if (queue.length - head >= limit) {
          await new Promise<void>((resolve) => {
            wakeProducer = resolve;
          });
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        queue.push(next.value);
        wakeConsumer?.();
      }
    } catch (error) {
      failure = { error };
    } finally {
      done = true;
      wakeConsumer?.();
    }
  })();

  try {
    while (true) {
      if (head < queue.length) {
        const item = queue[head] as T;
        head += 1;
        // Drop what was read from the front now and then, not on every item.
        if (head >= 1024 && head * 2 >= queue.length) {
          queue.splice(0, head);
          head = 0;
        }
        if (queue.length - head < limit) {
          const wake = wakeProducer;
          wakeProducer = undefined;
          wake?.();
        }
        yield item;
        continue;
      }
      if (failure) throw failure.error;
      if (done) return;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
      wakeConsumer = undefined;
    }
  } finally {
    stopped = true;
    const wake = wakeProducer;
    wakeProducer = undefined;
    wake?.();
    await producing;
    // Closes the source (a cursor) if it did not end by itself; a no-op when it did.
    await iterator.return?.();
  }
}
