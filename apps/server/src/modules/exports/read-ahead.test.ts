import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.js';

// A source like a cursor: items in batches, each batch after a turn of the event loop; it records how
// far it has been read and whether it was closed.
function source(count: number, options: { batch?: number; failAt?: number } = {}) {
  const state = { produced: 0, closed: false };
  async function* items() {
    try {
      for (let i = 0; i < count; i += 1) {
        if (i % (options.batch ?? 10) === 0) await tick();
        if (i === options.failAt) throw new Error(`failed at ${i}`);
        state.produced = i + 1;
        yield i;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, items: items() };
}

describe('reading a source ahead', () => {
  it('gives every item in order and reads no more than the limit ahead of the consumer', async () => {
    const { state, items } = source(1000);
    const seen: number[] = [];
    let furthestAhead = 0;
    for await (const item of readAhead(items, 25)) {
      seen.push(item);
      furthestAhead = Math.max(furthestAhead, state.produced - seen.length);
      if (item % 7 === 0) await tick();
    }
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(furthestAhead).toBeLessThanOrEqual(25);
    // It did read ahead while the consumer waited.
    expect(furthestAhead).toBeGreaterThan(1);
    expect(state.closed).toBe(true);
  });

  it('passes the source error on after the items before it', async () => {
    const { items } = source(100, { failAt: 42 });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(items, 10)) seen.push(item);
      })(),
    ).rejects.toThrow('failed at 42');
    expect(seen).toEqual(Array.from({ length: 42 }, (_, i) => i));
  });

  it('closes the source when the consumer stops early', async () => {
    const { state, items } = source(1000);
    for await (const item of readAhead(items, 50)) {
      if (item === 100) break;
    }
    expect(state.closed).toBe(true);
    expect(state.produced).toBeLessThan(1000);
  });

  it('closes the source when the consumer throws', async () => {
    const { state, items } = source(1000);
    await expect(
      (async () => {
        for await (const item of readAhead(items, 50)) if (item === 10) throw new Error('writer failed');
      })(),
    ).rejects.toThrow('writer failed');
    expect(state.closed).toBe(true);
  });
});
