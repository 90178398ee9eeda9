import { SetTimezoneResponseSchema } from '@attest/shared';
import { useEffect } from 'react';
import { http } from '../../../lib/api/http-client';
import { readItem, writeItem } from '../../../lib/storage/safe-storage';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';

export function setUserTimezone(timezone: string) {
  return http.post('users/set_user_timezone/', { timezone }, SetTimezoneResponseSchema);
}

// Spec 1 section 7: the browser's zone is sent once per session, after sign-in.
export function useSyncTimezone(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || readItem(sessionStorage, STORAGE_KEYS.timezoneSynced)) return;
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timezone) return;
    writeItem(sessionStorage, STORAGE_KEYS.timezoneSynced, timezone);
    setUserTimezone(timezone).catch(() => {
      // Not worth interrupting anyone: try again in the next session.
      sessionStorage.removeItem(STORAGE_KEYS.timezoneSynced);
    });
  }, [signedIn]);
}
