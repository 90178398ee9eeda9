export type CountdownUnit = 'days' | 'hours' | 'minutes' | 'seconds';
export type CountdownPart = { unit: CountdownUnit; value: string };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const twoDigits = (n: number) => String(n).padStart(2, '0');

// Spec 1 section 2: days only when non-zero, then hours, minutes, seconds, each two-digit.
// A past target counts as zero rather than going negative.
export function countdownParts(remainingMs: number): CountdownPart[] {
  const ms = Math.max(0, remainingMs);
  const days = Math.floor(ms / DAY);
  const parts: CountdownPart[] = [];
  if (days > 0) parts.push({ unit: 'days', value: twoDigits(days) });
  parts.push(
    { unit: 'hours', value: twoDigits(Math.floor((ms % DAY) / HOUR)) },
    { unit: 'minutes', value: twoDigits(Math.floor((ms % HOUR) / MINUTE)) },
    { unit: 'seconds', value: twoDigits(Math.floor((ms % MINUTE) / SECOND)) },
  );
  return parts;
}

export function formatCountdown(remainingMs: number): string {
  return countdownParts(remainingMs)
    .map((p) => p.value)
    .join(':');
}
