import { useEffect, useState } from 'react';

export type EmbedState = 'checking' | 'loaded' | 'unreachable' | 'slow';

// A frame that cannot load shows the browser's broken-frame icon and still fires `load`, and a
// cross-origin frame cannot be read, so the page asks the network itself: an opaque (no-cors) GET
// settles when the host answers anything, and fails when it cannot be reached (DNS, refused
// connection, bad certificate, offline). Without a load within the patience window, it says so.
export const EMBED_PROBE_TIMEOUT_MS = 10_000;
export const EMBED_LOAD_PATIENCE_MS = 20_000;

export function useEmbedReachability(url: string, attempt: number) {
  const [reachable, setReachable] = useState<boolean | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [patient, setPatient] = useState(true);

  useEffect(() => {
    // A new attempt starts over; `attempt` is what changes.
    void attempt;
    setReachable(null);
    setLoaded(false);
    setPatient(true);
    const controller = new AbortController();
    const probeTimer = window.setTimeout(() => controller.abort(), EMBED_PROBE_TIMEOUT_MS);
    const patienceTimer = window.setTimeout(() => setPatient(false), EMBED_LOAD_PATIENCE_MS);
    fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal })
      .then(() => setReachable(true))
      .catch(() => {
        // A slow host is not an unreachable one: the load patience decides for it.
        if (!controller.signal.aborted) setReachable(false);
      })
      .finally(() => window.clearTimeout(probeTimer));
    return () => {
      controller.abort();
      window.clearTimeout(probeTimer);
      window.clearTimeout(patienceTimer);
    };
  }, [url, attempt]);

  const state: EmbedState =
    reachable === false ? 'unreachable' : loaded ? 'loaded' : patient ? 'checking' : 'slow';
  return { state, onLoad: () => setLoaded(true) };
}
