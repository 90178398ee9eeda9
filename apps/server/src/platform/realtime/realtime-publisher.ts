import { randomUUID } from 'node:crypto';
import { parseChannel, type RealtimeEvent } from '@attest/shared';

// An event as a module hands it over; the publisher stamps its id and time.
export type OutgoingEvent = Omit<RealtimeEvent, 'id' | 'at'>;

// How business modules raise real-time events (spec 1 §4). Always called after the transaction that
// made the change commits, so nobody is told about something that then rolled back. Publishing never
// throws and never waits on the network: a lost live update is refetched by the next one or a reload.
export type RealtimePublisher = { publish(events: readonly OutgoingEvent[]): void };

// For tools and processes that have nowhere to publish.
export const silentPublisher: RealtimePublisher = { publish: () => {} };

// Where a publisher hands an envelope: the socket.io server (its adapter fans out to the other
// processes) or, in a process without one, the Redis emitter.
export type EnvelopeSink = (channel: string, envelope: RealtimeEvent) => void;

// Stamps each event with its id and time and hands it to the sink; an event addressed to anything
// but a channel name, or a sink that throws, is logged and dropped, never thrown at the caller.
export function createRealtimePublisher(
  sink: EnvelopeSink,
  log: (error: Error, context: string) => void,
): RealtimePublisher {
  return {
    publish(events) {
      for (const event of events) {
        if (!parseChannel(event.channel)) {
          log(new Error(`Not a real-time channel: ${event.channel}`), 'realtime publish');
          continue;
        }
        try {
          sink(event.channel, { ...event, id: randomUUID(), at: new Date().toISOString() });
        } catch (error) {
          log(error instanceof Error ? error : new Error(String(error)), 'realtime publish');
        }
      }
    },
  };
}

export type DeferredPublisher = RealtimePublisher & { forwardTo(target: RealtimePublisher): void };

// The process's publisher (src/services.ts), built before the server whose socket.io it publishes
// through: it hands events to `initial` (silent, or the Redis emitter of a worker process) until
// buildApp points it at that server.
export function createDeferredPublisher(initial: RealtimePublisher = silentPublisher): DeferredPublisher {
  let target = initial;
  return {
    publish: (events) => target.publish(events),
    forwardTo(next) {
      target = next;
    },
  };
}
