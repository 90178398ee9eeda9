import { REALTIME_SOCKET_EVENT } from '@attest/shared';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { createRealtimePublisher, type RealtimePublisher, silentPublisher } from './realtime-publisher.js';

type Log = (error: Error, context: string) => void;

// An outage logs once, not once per reconnection attempt.
const OUTAGE_LOG_INTERVAL_MS = 60_000;

// The adapter and the emitter call publish and (un)subscribe without awaiting them: a command that
// fails while Redis is away must not become an unhandled rejection, which would end the process.
const UNAWAITED_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

// One Redis connection for real-time fan-out. It reconnects by itself; while Redis is away, live
// events are lost (pages catch up on their next read) and the API keeps answering.
export function createRedisClient(url: string, role: string, log: Log): Redis {
  const client = new Redis(url, {
    // A subscriber waits for Redis however long it takes; a publisher gives up on an event quickly.
    maxRetriesPerRequest: role === 'subscriber' ? null : 2,
    connectionName: `attest-realtime-${role}`,
  });
  let lastLogged = 0;
  client.on('error', (error: Error) => {
    if (Date.now() - lastLogged < OUTAGE_LOG_INTERVAL_MS) return;
    lastLogged = Date.now();
    log(error, `realtime redis ${role}`);
  });
  client.on('ready', () => {
    lastLogged = 0;
  });
  const commands = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of UNAWAITED_COMMANDS) {
    const original = commands[name]?.bind(client);
    if (!original) continue;
    commands[name] = (...args) =>
      original(...args).catch((error: unknown) => {
        log(error instanceof Error ? error : new Error(String(error)), `realtime redis ${name}`);
        return null;
      });
  }
  return client;
}

// For a process without the socket.io server (`npm run worker`, a workers-only process): with
// REDIS_URL, events go through the Redis emitter to every API process's sockets; without it there is
// nobody to tell, so events are dropped (one process holds the server and the workers by default).
export function createWorkerPublisher(
  config: Config,
  log: Log,
): { publisher: RealtimePublisher; close: () => Promise<void> } {
  if (!config.REDIS_URL) return { publisher: silentPublisher, close: async () => {} };
  const client = createRedisClient(config.REDIS_URL, 'emitter', log);
  const emitter = new Emitter(client, { key: config.REALTIME_REDIS_KEY });
  return {
    publisher: createRealtimePublisher(
      (channel, envelope) => emitter.to(channel).emit(REALTIME_SOCKET_EVENT, envelope),
      log,
    ),
    close: () => closeRedis(client),
  };
}

// Politely when connected; at once when Redis is away (a QUIT would wait for it).
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  await client.quit().catch(() => client.disconnect());
}
