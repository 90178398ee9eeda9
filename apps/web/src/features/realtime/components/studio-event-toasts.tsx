import { STUDIO_EVENT_TYPES } from '@attest/shared';
import { i18n } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/notifications/toast';
import { useRealtimeEvent } from '../hooks/use-realtime-event';
import { studioEventToast } from '../lib/studio-event-toast';

// Mounted once for the signed-in session: the studio's live events (spec 1 §4) as toasts at the
// spec's levels. What the events change is refetched by the pages that show it.
export function StudioEventToasts({ userId }: { userId: number }) {
  useRealtimeEvent(STUDIO_EVENT_TYPES, (event) => {
    const shown = studioEventToast(event, userId);
    if (!shown) return;
    toast.at(shown.tone, shown.titleKey, {
      id: shown.id,
      message: i18n.t(shown.messageKey, shown.values),
    });
  });
  return null;
}
