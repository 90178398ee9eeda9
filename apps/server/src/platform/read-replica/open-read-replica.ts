import { closeDb, createDb, type Db } from '../../db/database.js';
import { attachReadReplica, detachReadReplica } from './read-only.js';
import { createReplicaLag, type ReplicaLag } from './replica-lag.js';

export type OpenReadReplica = { lag: ReplicaLag; close: () => Promise<void> };

// The replica is read as the application role, with the same password: roles replicate, and row
// level security binds it there as on the primary. Only the host, port and database of
// DATABASE_REPLICA_URL are used; its user and password are those of the application's own URL.
export function replicaAppUrl(replicaUrl: string, appUrl: string): string {
  const url = new URL(replicaUrl);
  const app = new URL(appUrl);
  url.username = app.username;
  url.password = app.password;
  return url.toString();
}

// Opens the replica's pool beside the primary's application pool and attaches it to that pool, so
// that withTenantReadOnly(db, ...) reads it while it is fresh.
export function openReadReplica(options: {
  primary: Db;
  replicaUrl: string;
  appUrl: string;
  maxLagMs: number;
  max: number;
  onPoolError: (error: Error) => void;
}): OpenReadReplica {
  const db = createDb({
    connectionString: replicaAppUrl(options.replicaUrl, options.appUrl),
    max: options.max,
    onPoolError: options.onPoolError,
  });
  const lag = createReplicaLag({ primary: options.primary, replica: db, maxLagMs: options.maxLagMs });
  attachReadReplica(options.primary, { db, lag });
  return {
    lag,
    close: async () => {
      detachReadReplica(options.primary);
      await closeDb(db);
    },
  };
}
