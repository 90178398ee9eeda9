import {
  STUDIO_EVENT_GROUPS,
  STUDIO_MESSAGES,
  type StudioEventAction,
  type StudioEventType,
  studioFailureReason,
  userChannel,
} from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import type { OutgoingEvent, RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { studioAppSettingsRepository } from './app-settings.repository.js';

// Spec 1 §4's studio event groups as live events (docs/studio.md "Live events"). Published only after
// the change's transaction committed; a refusal (nothing written) is told to the acting person alone,
// with its failure reason. Events carry ids and names, never packages: listeners re-read the API.
// Publishing never throws at the caller.

// How many people hear one app's events at most (its editors and recent designers).
const MAX_LISTENERS = 200;

export type StudioEvent = {
  type: StudioEventType;
  outcome: OutgoingEvent['outcome'];
  action: StudioEventAction;
  data?: Record<string, unknown>;
};

function actorOf(ctx: UserContext): NonNullable<OutgoingEvent['actor']> {
  const { user } = ctx.auth;
  return { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email };
}

function envelope(ctx: UserContext, userId: string, appId: number, event: StudioEvent): OutgoingEvent {
  return {
    channel: userChannel(ctx.tenant.id, userId),
    type: event.type,
    group: STUDIO_EVENT_GROUPS[event.type],
    outcome: event.outcome,
    workflow_id: null,
    actor: actorOf(ctx),
    data: { app_id: appId, action: event.action, ...event.data },
  };
}

export type StudioAnnouncer = {
  // To the app's designers (its editors, the members of its editor groups, whoever worked on it
  // lately) and the acting person.
  toDesigners(appId: number, events: StudioEvent[]): Promise<void>;
  // To the acting person alone.
  toActor(appId: number, events: StudioEvent[]): void;
  // A refused change: its failure reason, if it is one the spec names, to the acting person.
  refusal(appId: number, action: StudioEventAction, error: unknown): void;
};

export function studioAnnouncer(ctx: UserContext, realtime: RealtimePublisher): StudioAnnouncer {
  const toActor = (appId: number, events: StudioEvent[]) =>
    realtime.publish(events.map((e) => envelope(ctx, ctx.auth.user.id, appId, e)));
  return {
    toActor,
    async toDesigners(appId, events) {
      let listeners: string[];
      try {
        listeners = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
          studioAppSettingsRepository.designers(tx, String(appId), MAX_LISTENERS),
        );
      } catch {
        // The change is made; if its audience cannot be read, the acting person still hears it.
        listeners = [];
      }
      const everyone = new Set([ctx.auth.user.id, ...listeners]);
      realtime.publish([...everyone].flatMap((userId) => events.map((e) => envelope(ctx, userId, appId, e))));
    },
    refusal(appId, action, error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) return;
      const reason = studioFailureReason(error.message);
      if (reason) {
        toActor(appId, [{ type: 'studio.package_versioning', outcome: 'failed', action, data: { reason } }]);
      } else if (error.message === STUDIO_MESSAGES.invalidPackage) {
        // Spec 1 §4 studio config validation: the package did not pass the definition schema.
        const problems = Object.keys(error.fieldErrors ?? {}).length;
        toActor(appId, [{ type: 'studio.config_validation', outcome: 'failed', action, data: { problems } }]);
      } else if (error.message === STUDIO_MESSAGES.emptyPackage) {
        // Nothing to count: say what is missing rather than "0 problems".
        toActor(appId, [
          { type: 'studio.config_validation', outcome: 'failed', action, data: { reason: 'empty_package' } },
        ]);
      } else if (error.message === STUDIO_MESSAGES.productionNeedsApproval) {
        toActor(appId, [
          { type: 'studio.config_deployment', outcome: 'failed', action, data: { reason: 'not_approved' } },
        ]);
      }
    },
  };
}
