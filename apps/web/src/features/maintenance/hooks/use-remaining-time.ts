import { MAINTENANCE_COUNTDOWN_TICK_MS } from '@attest/shared';
import { useEffect, useState } from 'react';

// Milliseconds left until `target`, re-read every second; null when there is no valid target.
export function useRemainingTime(target: string | null): number | null {
  const targetMs = target ? Date.parse(target) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (Number.isNaN(targetMs)) return;
    const timer = window.setInterval(() => setNow(Date.now()), MAINTENANCE_COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [targetMs]);

  return Number.isNaN(targetMs) ? null : targetMs - now;
}
