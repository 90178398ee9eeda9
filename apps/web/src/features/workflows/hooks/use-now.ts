import { useEffect, useState } from 'react';

// The clock task rows compare SLAs with, ticking each minute so a row turns 'delayed' on its own.
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
