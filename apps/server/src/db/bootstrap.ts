import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { openReadReplica } from '../platform/read-replica/open-read-replica.js';
import { appRoleUrl, closeDb, createDb, type Db } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { ensureAppRole, grantAppRole, migrateToLatest } from './migrate.js';

export type OpenDatabase = {
  adminUrl: string;
  // The migrating role: owns the tables; used for migrations, seeding and cross-tenant jobs.
  adminDb: Db;
  // The application role: every request's queries, under row-level security.
  db: Db;
  close: () => Promise<void>;
};

// Where a background error came from: the embedded server, or one of the connection pools.
export type BackgroundErrorSource = 'embedded-postgres' | 'admin-pool' | 'app-pool' | 'replica-pool' | 'jobs';
export type BackgroundErrorLog = (source: BackgroundErrorSource, error: Error) => void;

export async function openDatabase(config: Config, log: BackgroundErrorLog): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        log: (m) => log('embedded-postgres', new Error(m)),
      });
  const adminUrl = config.DATABASE_URL ?? embedded?.url ?? '';
  const adminDb = createDb({ connectionString: adminUrl, max: 4, onPoolError: (e) => log('admin-pool', e) });
  try {
    await migrateToLatest(adminDb as Kysely<unknown>);
    let appUrl = config.DATABASE_APP_URL;
    if (appUrl) {
      await grantAppRole(adminDb as Kysely<unknown>, decodeURIComponent(new URL(appUrl).username));
    } else {
      await ensureAppRole(adminDb as Kysely<unknown>, config.APP_DB_ROLE, config.APP_DB_PASSWORD);
      appUrl = appRoleUrl(adminUrl, config.APP_DB_ROLE, config.APP_DB_PASSWORD);
    }
    const db = createDb({
      connectionString: appUrl,
      max: config.DATABASE_POOL_MAX,
      onPoolError: (e) => log('app-pool', e),
    });
    // Issue 17: read-only work (withTenantReadOnly) goes to the streaming replica while it keeps up.
    const replica = config.DATABASE_REPLICA_URL
      ? openReadReplica({
          primary: db,
          replicaUrl: config.DATABASE_REPLICA_URL,
          appUrl,
          maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
          max: config.DATABASE_POOL_MAX,
          onPoolError: (e) => log('replica-pool', e),
        })
      : null;
    return {
      adminUrl,
      adminDb,
      db,
      close: async () => {
        await replica?.close();
        await closeDb(db);
        await closeDb(adminDb);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await adminDb.destroy();
    await embedded?.stop();
    throw error;
  }
}
