import { noteForErrorReports } from './error-reporting';

const RELOADED_AT = 'attest.preload-reload-at';
// One reload per minute at most: a chunk that is still missing after it is not a new deployment.
const RELOAD_AGAIN_AFTER_MS = 60_000;

// Spec 2 §8: a failed dynamic import fires a preload-error event (Vite's vite:preloadError). Its
// usual cause is a new deployment that replaced the hashed files this page names: the page reloads
// once to get the new ones. If it fails again soon after, the error goes on to the route's error
// page. It is never reported as an error (the §8 ignore list); a breadcrumb notes it for what follows.
export function handlePreloadErrors(
  target: Pick<Window, 'addEventListener'> & { location: Pick<Location, 'reload'> } = window,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    void noteForErrorReports('preload', payload instanceof Error ? payload.message : 'preload failed');
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < RELOAD_AGAIN_AFTER_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    event.preventDefault();
    target.location.reload();
  });
}
