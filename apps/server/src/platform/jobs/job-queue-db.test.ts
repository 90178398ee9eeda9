import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { createJobQueueDb } from './job-queue-db.js';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.removeListener('unhandledRejection', record);
});

describe("pg-boss's connections", () => {
  it('let a query nobody awaits fail while the database is away, without an unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    // Nothing listens on this port: every query fails as during a PostgreSQL restart.
    const queueDb = createJobQueueDb(`postgres://nobody:secret@127.0.0.1:${await freePort()}/none`, () => {});
    // What pg-boss 10 does with complete() and fail() after a job's handler.
    void queueDb.db.executeSql('select 1', []);
    // Callers that await still see the failure.
    await expect(queueDb.db.executeSql('select 1', [])).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled).toEqual([]);
    await queueDb.close();
  });
});
