import type { RiskColorLabel, WorkflowAlert } from '@attest/shared';

// Spec 2 §4.1: R is HIGH (red), A is MED (orange), G is LOW (green).
export const RISK_COLORS: Record<RiskColorLabel, string> = { R: 'red', A: 'orange', G: 'green' };
const SEVERITY: Record<RiskColorLabel, number> = { R: 3, A: 2, G: 1 };

export type AlertSummary = { count: number; color: RiskColorLabel | null };

// The task row's alert count and colour: the step's alerts, coloured by the most severe.
export function stepAlertSummary(alerts: readonly WorkflowAlert[], stepTag: string): AlertSummary {
  const own = alerts.filter((a) => a.step_tag === stepTag);
  const color = own.reduce<RiskColorLabel | null>(
    (worst, a) =>
      worst === null || SEVERITY[a.cat_color_label] > SEVERITY[worst] ? a.cat_color_label : worst,
    null,
  );
  return { count: own.length, color };
}
