import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdmissionLane, LaneRefusal, type Release } from './admission-lane.js';
import { ADMISSION_LANES, type AdmissionLaneName, type AdmissionSettings } from './admission-settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    admission: Admission;
  }
  interface FastifyContextConfig {
    // Issue 17: the admission lane of the route; unset, 'cheap'. A function chooses per request
    // from what Fastify has parsed before any hook (url, query, headers; not the body), and must
    // not throw.
    lane?: AdmissionLaneName | ((request: FastifyRequest) => AdmissionLaneName);
  }
}

export type AdmissionRouteEntry = { method: string; url: string; lane: AdmissionLaneName | 'per request' };

export type Admission = {
  lanes: Record<AdmissionLaneName, AdmissionLane>;
  // Every /api route with its lane, for the test that checks the expensive ones are tagged.
  routes: AdmissionRouteEntry[];
};

// Requests are admitted before any hook that reads the database (tenancy, session), so a request
// waiting for its turn holds no connection. Past the queue's bound or its deadline the answer is the
// spec's 503 (spec 1 §8 'Service Unavailable') with Retry-After.
export function registerAdmission(app: FastifyInstance, settings: AdmissionSettings): void {
  const lanes = Object.fromEntries(
    ADMISSION_LANES.map((name) => [name, new AdmissionLane(settings[name])]),
  ) as Record<AdmissionLaneName, AdmissionLane>;
  const routes: AdmissionRouteEntry[] = [];
  app.decorate('admission', { lanes, routes });
  const turns = new WeakMap<FastifyRequest, Release>();

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const lane = route.config?.lane;
    routes.push({
      method: String(route.method),
      url: route.url,
      lane: typeof lane === 'function' ? 'per request' : (lane ?? 'cheap'),
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    // The web app's files and the API documentation read no database.
    if (!request.url.startsWith('/api/')) return;
    const declared = request.routeOptions.config.lane;
    const lane = lanes[typeof declared === 'function' ? declared(request) : (declared ?? 'cheap')];
    const now = lane.tryEnter();
    if (now) {
      turns.set(request, now);
      return;
    }
    // Dropped from the queue as soon as its client goes away.
    const gone = new AbortController();
    const onClose = () => gone.abort();
    reply.raw.once('close', onClose);
    try {
      turns.set(request, await lane.enter(gone.signal));
    } catch (error) {
      if (!(error instanceof LaneRefusal)) throw error;
      return refuse(request, reply, lane, error);
    } finally {
      reply.raw.off('close', onClose);
    }
  });

  // The answer is ready, so the route's database work is over (the client may have gone away
  // meanwhile: the turn still lasts until then). No route streams from the database. Every answer,
  // an error's too, passes here; a callback hook costs no promise per request.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const release = turns.get(request);
    if (release) {
      turns.delete(request);
      release();
    }
    done(null, payload);
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, lane: AdmissionLane, refusal: LaneRefusal) {
  if (refusal.reason !== 'gone') {
    request.log.warn({ reason: refusal.reason, running: lane.running, queued: lane.queued }, 'overloaded');
  }
  return reply
    .status(503)
    .header('retry-after', String(lane.retryAfterSeconds()))
    .send({ detail: SERVER_MESSAGES.serviceUnavailable, code: ERROR_CODES.serviceUnavailable });
}
