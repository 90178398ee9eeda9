import type { IncomingMessage } from 'node:http';
import {
  ERROR_CODES,
  parseChannel,
  REALTIME_LEAVE_EVENT,
  REALTIME_SOCKET_EVENT,
  REALTIME_SOCKET_PATH,
  type RealtimeEvent,
  SERVER_MESSAGES,
  SESSION_COOKIE,
} from '@attest/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { sessionOfToken } from '../auth/session-hook.js';
import { AppError } from '../errors.js';
import { tenantOfHost } from '../tenancy/tenancy-hook.js';
import { createRealtimePublisher, type RealtimePublisher } from './realtime-publisher.js';
import { closeRedis, createRedisClient } from './redis-clients.js';

// Who a socket belongs to, set once at the handshake: the session's tenant and user (while an
// administrator impersonates, the person they act as).
export type RealtimeSocketData = {
  tenantId: string;
  userId: string;
  sessionId: string;
  impersonatorId: string | null;
};

type ClientEvents = { [REALTIME_LEAVE_EVENT]: (payload: unknown) => void };
type ServerEvents = { [REALTIME_SOCKET_EVENT]: (event: RealtimeEvent) => void };
export type RealtimeServer = Server<ClientEvents, ServerEvents, Record<string, never>, RealtimeSocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

// Every socket of a session joins this room, so ending the session can close them. Not a channel
// name, so prasaran/auth can never hand it to anyone.
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const LOGOUT_PATH = '/api/v1/users/logout/';

// The host as Fastify reads it for an HTTP request (request.hostname): X-Forwarded-Host from a
// trusted proxy, else Host, without the port.
function handshakeHostname(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-host'];
  const raw =
    trustProxy && typeof forwarded === 'string' && forwarded !== ''
      ? (forwarded.split(',').at(-1)?.trim() ?? '')
      : (request.headers.host ?? '');
  return raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : (raw.split(':', 1)[0] ?? '');
}

function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

// The handshake is authenticated like an API request: the tenant from the host, the session from
// its cookie (the same functions as the HTTP hooks). Without a live session the connection is
// refused; a connected socket hears nothing until prasaran/auth joins it to a channel.
async function authenticate(app: FastifyInstance, request: IncomingMessage): Promise<RealtimeSocketData> {
  let entry: Awaited<ReturnType<typeof tenantOfHost>>;
  try {
    entry = await tenantOfHost(app, handshakeHostname(request, app.config.TRUST_PROXY));
  } catch (error) {
    if (error instanceof AppError) throw refusal(error.code, error.message);
    throw error;
  }
  if (entry.maintenance) throw refusal(ERROR_CODES.maintenance, SERVER_MESSAGES.maintenance);
  const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
  const auth = token ? await sessionOfToken(app.db, entry.tenant.id, token) : null;
  if (!auth) throw refusal(ERROR_CODES.notAuthenticated, SERVER_MESSAGES.notAuthenticated);
  if (auth.mfaEnrolmentRequired) {
    throw refusal(ERROR_CODES.mfaEnrolmentRequired, SERVER_MESSAGES.mfaEnrolmentRequired);
  }
  return {
    tenantId: entry.tenant.id,
    userId: auth.user.id,
    sessionId: auth.sessionId,
    impersonatorId: auth.impersonator?.userId ?? null,
  };
}

// The socket.io server on the API's own HTTP server and port (path /socket.io/), with the Redis
// adapter when REDIS_URL is set so that rooms and events span every API process. Answers the
// publisher buildApp points the services' publisher at; closes with the app.
export function attachRealtimeServer(app: FastifyInstance): RealtimePublisher {
  const log = (error: Error, context: string) => app.log.error({ err: error }, context);
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_SOCKET_PATH,
    serveClient: false,
    // Browsers only ever send 'leave {channel}'.
    maxHttpBufferSize: 16 * 1024,
  });
  const redis: Redis[] = [];
  if (app.config.REDIS_URL) {
    const pub = createRedisClient(app.config.REDIS_URL, 'publisher', log);
    const sub = createRedisClient(app.config.REDIS_URL, 'subscriber', log);
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: app.config.REALTIME_REDIS_KEY, requestsTimeout: 3000 }));
  }

  io.use((socket, next) => {
    authenticate(app, socket.request).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        if (!(error instanceof Error && 'data' in error)) {
          log(error instanceof Error ? error : new Error(String(error)), 'realtime handshake');
          return next(refusal(ERROR_CODES.serviceUnavailable, SERVER_MESSAGES.serviceUnavailable));
        }
        next(error);
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join(sessionRoom(socket.data.sessionId));
    // Leaving needs no authorisation; only channel names can be left, never the session's room.
    socket.on(REALTIME_LEAVE_EVENT, (payload) => {
      const channel = (payload as { channel?: unknown } | null)?.channel;
      if (typeof channel === 'string' && parseChannel(channel)) void socket.leave(channel);
    });
  });

  // Signing out ends the session's sockets on every process (nice to have: any other end of a
  // session leaves its sockets open, hearing only channels they had joined). The sign-out handler
  // forgets request.auth, so the session is noted before it runs.
  const signingOut = new WeakMap<FastifyRequest, string>();
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === LOGOUT_PATH && request.auth) {
      signingOut.set(request, request.auth.sessionId);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const sessionId = signingOut.get(request);
    if (sessionId && reply.statusCode < 400) io.in(sessionRoom(sessionId)).disconnectSockets(true);
  });

  // Before the HTTP server stops: open sockets would otherwise hold it open.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    await io.close();
    await Promise.all(redis.map(closeRedis));
  });

  app.decorate('io', io);
  return createRealtimePublisher(
    (channel, envelope) => io.to(channel).emit(REALTIME_SOCKET_EVENT, envelope),
    log,
  );
}
