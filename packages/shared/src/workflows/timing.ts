// Spec 2 §3.2 and §3.3: steps and step groups carry cycle_start, cycle_end, cycle_time, ageing and
// is_cycle_running; steps also sla_start_time, sla_breach_time, sla_elapsed_time and is_sla_breached.
// The spec does not define them; our reading, in whole seconds:
// - a cycle runs from when the step opened (or the group's first step opened) until it was
//   submitted; cycle_time is its length once ended, ageing its length so far while running;
// - the SLA clock starts when the step opens and is breached once sla_hours pass before submission.
// The server stores the stamps; both sides compute the rest with the same clock rule.

export type CycleTiming = {
  cycle_start: string | null;
  cycle_end: string | null;
  is_cycle_running: boolean;
  cycle_time: number | null;
  ageing: number | null;
};

export type SlaTiming = {
  sla_start_time: string;
  sla_breach_time: string;
  sla_elapsed_time: number;
  is_sla_breached: boolean;
};

const seconds = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 1000));

export function cycleTiming(start: string | null, end: string | null, now: Date): CycleTiming {
  const startMs = start === null ? Number.NaN : Date.parse(start);
  if (Number.isNaN(startMs)) {
    return { cycle_start: null, cycle_end: null, is_cycle_running: false, cycle_time: null, ageing: null };
  }
  const endMs = end === null ? Number.NaN : Date.parse(end);
  const running = Number.isNaN(endMs);
  return {
    cycle_start: new Date(startMs).toISOString(),
    cycle_end: running ? null : new Date(endMs).toISOString(),
    is_cycle_running: running,
    cycle_time: running ? null : seconds(startMs, endMs),
    ageing: running ? seconds(startMs, now.getTime()) : null,
  };
}

// A step without sla_hours, or not opened yet, has no SLA.
export function slaTiming(
  slaHours: number | undefined,
  start: string | null,
  end: string | null,
  now: Date,
): SlaTiming | null {
  const startMs = start === null ? Number.NaN : Date.parse(start);
  if (slaHours === undefined || Number.isNaN(startMs)) return null;
  const breachMs = startMs + slaHours * 60 * 60 * 1000;
  const endMs = end === null ? Number.NaN : Date.parse(end);
  const stopMs = Number.isNaN(endMs) ? now.getTime() : endMs;
  return {
    sla_start_time: new Date(startMs).toISOString(),
    sla_breach_time: new Date(breachMs).toISOString(),
    sla_elapsed_time: seconds(startMs, stopMs),
    is_sla_breached: stopMs > breachMs,
  };
}

// Whole days past the SLA (the task row's overdueDays, spec 2 §3.10); 0 when on time.
export function overdueDays(sla: SlaTiming | null, now: Date): number {
  if (!sla?.is_sla_breached) return 0;
  return Math.floor((now.getTime() - Date.parse(sla.sla_breach_time)) / (24 * 60 * 60 * 1000));
}
