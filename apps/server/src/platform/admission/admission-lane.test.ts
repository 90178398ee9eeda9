import { describe, expect, it } from 'vitest';
import { AdmissionLane, LaneRefusal, type Release } from './admission-lane.js';

const lane = (concurrency: number, queueLength: number, queueTimeoutMs = 60_000) =>
  new AdmissionLane({ concurrency, queueLength, queueTimeoutMs });

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'admitted',
    (error: unknown) => (error instanceof LaneRefusal ? error.reason : error),
  );

describe('an admission lane', () => {
  it('admits up to its concurrency at once, then queues in arrival order', async () => {
    const l = lane(2, 10);
    const first = l.tryEnter();
    const second = l.tryEnter();
    expect(first && second).toBeTruthy();
    expect(l.tryEnter()).toBeNull();
    const order: string[] = [];
    const waiting = ['a', 'b', 'c'].map((name) =>
      l.enter(new AbortController().signal).then((release) => {
        order.push(name);
        return release;
      }),
    );
    expect(l.queued).toBe(3);
    first?.();
    const a = await waiting[0];
    second?.();
    const b = await waiting[1];
    expect(order).toEqual(['a', 'b']);
    expect(l.running).toBe(2);
    a?.();
    const c = await waiting[2];
    c?.();
    b?.();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(l.running).toBe(0);
    expect(l.queued).toBe(0);
  });

  it('counts a release once, however often it is called', () => {
    const l = lane(1, 0);
    const release = l.tryEnter() as Release;
    release();
    release();
    expect(l.running).toBe(0);
    expect(l.tryEnter()).not.toBeNull();
    expect(l.running).toBe(1);
  });

  it('refuses past the queue bound, at once', async () => {
    const l = lane(1, 1);
    const release = l.tryEnter() as Release;
    const queued = l.enter(new AbortController().signal);
    expect(await refusalOf(l.enter(new AbortController().signal))).toBe('full');
    expect(l.queued).toBe(1);
    release();
    (await queued)();
  });

  it('refuses a waiter at its deadline and takes it out of the queue', async () => {
    const l = lane(1, 5, 50);
    l.tryEnter();
    expect(await refusalOf(l.enter(new AbortController().signal))).toBe('deadline');
    expect(l.queued).toBe(0);
    expect(l.running).toBe(1);
  });

  it('drops a waiter whose client went away, and the next one takes its place', async () => {
    const l = lane(1, 5);
    const running = l.tryEnter() as Release;
    const gone = new AbortController();
    const leaving = refusalOf(l.enter(gone.signal));
    const staying = l.enter(new AbortController().signal);
    gone.abort();
    expect(await leaving).toBe('gone');
    expect(l.queued).toBe(1);
    running();
    (await staying)();
    expect(l.running).toBe(0);
  });

  it('asks a refused client to come back after the queue ahead has drained, within a minute', () => {
    const l = lane(2, 1000);
    expect(l.retryAfterSeconds()).toBe(1);
    l.tryEnter();
    l.tryEnter();
    const waiters = Array.from({ length: 999 }, () => new AbortController());
    for (const waiter of waiters) void l.enter(waiter.signal).catch(() => {});
    // 1000 ahead at the initial 0.5 s each, two at a time: over four minutes, so the cap.
    expect(l.retryAfterSeconds()).toBe(60);
    for (const waiter of waiters) waiter.abort();
  });
});
