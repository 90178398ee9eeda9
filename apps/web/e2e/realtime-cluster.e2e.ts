import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENTION_PATHS } from '@attest/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/src/test/free-port.js';
import { newPage, signIn } from './support/browser.js';
import {
  commentThroughApi,
  currentUserId,
  settledUnreadCount,
  unreadCount,
} from './support/collaboration.js';
import { stop, waitForHealth } from './support/global-setup.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const redisUrl = inject('e2eRedisUrl');

// Issue 6 (done when): with two server processes sharing a database and Redis, an event raised on
// one reaches a browser connected to the other. The journey's first server is the one every journey
// uses (global-setup, started with REDIS_URL); this one is a second API process on the same
// database, Redis and key, without job workers, as a scaled-out deployment runs it. Without a Redis
// (a laptop) the journey is skipped; CI requires one (REQUIRE_REDIS=1 in .ci/run).
describe.skipIf(redisUrl === null)('live events across two server processes', () => {
  let second: ChildProcess;
  let secondPort: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'attest-e2e-second-'));
    secondPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(secondPort),
      HOST: '127.0.0.1',
      DATABASE_URL: inject('e2eAdminUrl'),
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl ?? undefined,
      REALTIME_REDIS_KEY: inject('e2eRealtimeRedisKey'),
      RUN_WORKERS: 'false',
      SEED_DEMO: 'false',
      TENANT_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'warn',
    };
    second = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
    await waitForHealth(second, secondPort);
  });

  afterAll(async () => {
    if (second) await stop(second);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a mention posted through the first process raises the analyst's badge in a browser on the second", async () => {
    // The analyst's browser talks only to the second process, its socket included.
    const analyst = (await newPage()).page;
    const listening = analyst.waitForResponse(
      (r) =>
        r.url().endsWith('/api/v1/prasaran/auth/') && r.request().postData()?.includes('-user-') === true,
    );
    await signIn(analyst, 'acme', 'analyst@acme.test', secondPort);
    expect(new URL(analyst.url()).port).toBe(String(secondPort));
    const mentionsButton = analyst.getByRole('button', { name: /^My Mentions/ });
    await mentionsButton.waitFor();
    expect((await listening).status()).toBe(200);
    const before = await settledUnreadCount(analyst, mentionsButton, MENTION_PATHS.unreadCount);
    const analystId = await currentUserId(analyst);

    // The admin, on the first process, mentions them through the API the composer uses.
    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    expect(new URL(admin.url()).port).toBe(String(inject('e2ePort')));
    const body = `@[Ana Analyst](user:${analystId}) across processes ${Date.now()}`;
    const { status } = await commentThroughApi(admin, body, 'Europe');
    expect(status).toBe(201);

    await expect.poll(() => unreadCount(mentionsButton), { timeout: 10_000 }).toBe(before + 1);
    await mentionsButton.click();
    await analyst
      .getByRole('dialog', { name: 'My Mentions' })
      .getByRole('listitem')
      .filter({ hasText: 'across processes' })
      .first()
      .waitFor();
  });
});
