import { IMPERSONATION_ERROR_TAGS, IMPERSONATOR_HEADER, ImpersonationErrorSchema } from '@attest/shared';
import { isolate } from '../../components/user-text';
import { toast } from '../notifications/toast';
import { readItem, removeItem, writeItem } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';

type ImpersonationListeners = {
  // Someone else is now behind the session: everything on screen belongs to another user.
  onChanged: () => void;
  // Impersonation ended elsewhere: the user info must be read again.
  onEnded: () => void;
};

let listeners: ImpersonationListeners = {
  onChanged: () => window.location.reload(),
  onEnded: () => {},
};

// The app wires the reactions that need its query client; tests wire spies.
export function setImpersonationListeners(next: Partial<ImpersonationListeners>): void {
  listeners = { ...listeners, ...next };
}

// Spec 1 section 4: remember the impersonator-id header for the session, reload when it changes,
// refresh the user and forget it when it disappears.
export function observeResponse(response: Response): void {
  const seen = response.headers.get(IMPERSONATOR_HEADER);
  const remembered = readItem(sessionStorage, STORAGE_KEYS.impersonatorId);
  if (seen) {
    if (seen === remembered) return;
    writeItem(sessionStorage, STORAGE_KEYS.impersonatorId, seen);
    if (remembered !== null) listeners.onChanged();
    return;
  }
  if (remembered === null) return;
  removeItem(sessionStorage, STORAGE_KEYS.impersonatorId);
  listeners.onEnded();
}

// Known error_tag values get a sentence naming both people; anything else the spec's default.
const MESSAGE_BY_TAG: Record<string, string> = {
  [IMPERSONATION_ERROR_TAGS.nested]: 'impersonation.errors.nested',
  [IMPERSONATION_ERROR_TAGS.actionNotAllowed]: 'impersonation.errors.actionNotAllowed',
  [IMPERSONATION_ERROR_TAGS.impersonateeInactive]: 'impersonation.errors.impersonateeInactive',
  [IMPERSONATION_ERROR_TAGS.ended]: 'impersonation.errors.ended',
};

// Status 434 (spec 1 sections 6 and 8): a toast chosen by error_tag.
export function showImpersonationError(body: string | undefined): void {
  const parsed = ImpersonationErrorSchema.safeParse(parseJson(body));
  const key = parsed.success ? MESSAGE_BY_TAG[parsed.data.error_tag] : undefined;
  if (!parsed.success || !key) {
    toast.error('impersonation.errors.default', { id: 'impersonation-error' });
    return;
  }
  toast.error(key, {
    id: 'impersonation-error',
    // Each person's name isolated: in Arabic 'Ana Analyst.' keeps its full stop at its end.
    values: {
      impersonator: isolate(parsed.data.impersonator.name),
      impersonatee: isolate(parsed.data.impersonatee.name),
    },
  });
}

function parseJson(body: string | undefined): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}
