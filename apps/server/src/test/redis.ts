import { connect } from 'node:net';

// The Redis that tests of several processes sharing live events use: REDIS_URL, or the usual local
// one. On a laptop without Redis those tests are skipped; CI sets REQUIRE_REDIS=1 (and starts a
// Redis), where a missing one fails the run instead of silently skipping.
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function redisReachable(url = TEST_REDIS_URL, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// Whether to run the Redis tests: true when Redis answers; throws when CI requires it and it does not.
export async function shouldRunRedisTests(): Promise<boolean> {
  const reachable = await redisReachable();
  if (!reachable && process.env.REQUIRE_REDIS === '1') {
    throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${TEST_REDIS_URL}`);
  }
  return reachable;
}
