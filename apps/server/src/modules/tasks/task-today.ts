import { sql } from 'kysely';

// Delegations and follow-ups are calendar days; "today" is the UTC day, the same on every API node
// (the server runs in UTC and the spec shows dates as YYYY-MM-DD without a zone).
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

// A YYYY-MM-DD day as a SQL date, to compare with date columns.
export function sqlDay(iso: string) {
  return sql<Date>`${iso}::date`;
}
