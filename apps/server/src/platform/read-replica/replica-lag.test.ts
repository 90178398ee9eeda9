import { describe, expect, it } from 'vitest';
import { freshAsOfSamples, parseLsn } from './replica-lag.js';

describe('replica lag from WAL positions', () => {
  it('reads pg_lsn text as a comparable number', () => {
    expect(parseLsn('0/3018AA8')).toBe(0x3018aa8n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  it('is as fresh as the newest primary sample the replica has replayed past', () => {
    const samples = [
      { at: 1000, lsn: 100n },
      { at: 2000, lsn: 200n },
      { at: 3000, lsn: 300n },
    ];
    expect(freshAsOfSamples(samples, 250n)).toBe(2000);
    expect(freshAsOfSamples(samples, 300n)).toBe(3000);
    expect(freshAsOfSamples(samples, 99n)).toBe(Number.NEGATIVE_INFINITY);
  });

  // Replay timestamps would say an idle primary's replica is behind; positions do not.
  it('keeps a caught-up replica of an idle primary fresh, however long nothing was written', () => {
    const idle = [
      { at: 1000, lsn: 500n },
      { at: 60_000, lsn: 500n },
      { at: 120_000, lsn: 500n },
    ];
    expect(freshAsOfSamples(idle, 500n)).toBe(120_000);
  });
});
