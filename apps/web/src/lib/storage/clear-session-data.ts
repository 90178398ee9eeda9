import { clearReadableCookies } from '../api/cookies';
import { PRESERVED_ON_LOGOUT } from './storage-keys';

// Logout clears the session, cookies readable by script and most of local storage (spec 1 section 4).
export function clearSessionData(): void {
  try {
    sessionStorage.clear();
    const keep = new Map<string, string>();
    for (const key of PRESERVED_ON_LOGOUT) {
      const value = localStorage.getItem(key);
      if (value !== null) keep.set(key, value);
    }
    localStorage.clear();
    for (const [key, value] of keep) localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  clearReadableCookies();
}
