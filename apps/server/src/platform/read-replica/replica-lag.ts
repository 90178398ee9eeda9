import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Whether the replica may be read now, and why not. 'fresh': it holds every change the primary had
// committed at most maxLagMs ago.
export type ReplicaState = 'fresh' | 'lagging' | 'down' | 'not-a-standby' | 'unchecked';

export type ReplicaLag = {
  // Checks at most once per check interval (cached); never waits longer than one interval for it.
  usable: () => Promise<boolean>;
  state: () => ReplicaState;
  // A read on the replica failed as if it were gone: read the primary until the next check.
  markDown: () => void;
};

export type Sample = { at: number; lsn: bigint };

// '16/B374D848' -> a comparable number.
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

// The replica holds everything the primary had written at each sample whose position it has
// replayed past: it is as fresh as the newest of them (-Infinity: older than every sample kept).
export function freshAsOfSamples(samples: readonly Sample[], replayed: bigint): number {
  let fresh = Number.NEGATIVE_INFINITY;
  for (const sample of samples) if (sample.lsn <= replayed && sample.at > fresh) fresh = sample.at;
  return fresh;
}

// The lag is measured in time without trusting replay timestamps (an idle primary makes
// pg_last_xact_replay_timestamp() look old): each check samples the primary's WAL position, then
// the replica's replay position. The replica holds everything the primary had written at the time
// of the newest sample it has replayed past, so its staleness is at most now minus that time.
// Both functions are open to the application role, unlike pg_stat_replication's lag columns.
export function createReplicaLag(options: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  checkEveryMs?: number;
  now?: () => number;
}): ReplicaLag {
  const { primary, replica, maxLagMs } = options;
  const now = options.now ?? Date.now;
  // Twice per bound at least, so a replica that keeps up is never judged stale between checks.
  const checkEveryMs = options.checkEveryMs ?? Math.min(1000, Math.floor(maxLagMs / 2));
  let samples: Sample[] = [];
  let state: ReplicaState = 'unchecked';
  let freshAsOf = Number.NEGATIVE_INFINITY;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  async function check(): Promise<void> {
    const at = now();
    try {
      const position = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
      const lsn = position.rows[0]?.lsn;
      if (lsn) samples.push({ at, lsn: parseLsn(lsn) });
    } catch {
      // The primary is unreachable: nothing to compare with, and its own reads fail anyway.
    }
    // Only the samples that can still prove freshness within the bound are kept.
    samples = samples.filter((s, i) => i === samples.length - 1 || s.at >= at - maxLagMs - checkEveryMs);
    try {
      const { rows } = await sql<{ standby: boolean; lsn: string | null }>`
        select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn`.execute(replica);
      const row = rows[0];
      if (!row?.standby || !row.lsn) {
        // A promoted or misconfigured replica has diverged from the primary: never read it.
        state = 'not-a-standby';
        freshAsOf = Number.NEGATIVE_INFINITY;
      } else {
        freshAsOf = freshAsOfSamples(samples, parseLsn(row.lsn));
        state = now() - freshAsOf <= maxLagMs ? 'fresh' : 'lagging';
      }
    } catch {
      state = 'down';
      freshAsOf = Number.NEGATIVE_INFINITY;
    }
    checkedAt = at;
  }

  function startCheck(): Promise<void> {
    checking ??= check().finally(() => {
      checking = null;
    });
    return checking;
  }

  const fresh = () => state !== 'down' && state !== 'not-a-standby' && now() - freshAsOf <= maxLagMs;

  return {
    async usable() {
      if (now() - checkedAt >= checkEveryMs) {
        // A replica that does not answer (a dropped host) holds no read up for long: past one
        // interval the read goes to the primary and the check finishes on its own.
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, checkEveryMs);
        });
        await Promise.race([startCheck(), timeout]);
        clearTimeout(timer);
        if (checking) return false;
      }
      return fresh();
    },
    state() {
      if (state === 'fresh' && !fresh()) return 'lagging';
      return state;
    },
    markDown() {
      state = 'down';
      freshAsOf = Number.NEGATIVE_INFINITY;
    },
  };
}
