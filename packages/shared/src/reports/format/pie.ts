// Spec 2 §9.1: pie labels are hidden at or below percentage_threshold; radii scale with the number
// of pies, drawn as concentric rings (§2.8).
export const PIE_OUTER_RADIUS_PERCENT = 80;
export const PIE_RING_GAP_PERCENT = 2;

export function isPieLabelVisible(percent: number, threshold: number | null | undefined): boolean {
  if (threshold === null || threshold === undefined) return true;
  return percent > threshold;
}

export type PieRadii = { innerRadius: string; outerRadius: string };

// Pie 0 is the innermost. One pie is a full disc; n pies split the radius into n rings of equal
// width, with a small gap between rings.
export function pieRadii(count: number, outer: number = PIE_OUTER_RADIUS_PERCENT): PieRadii[] {
  if (count <= 0) return [];
  const width = outer / count;
  return Array.from({ length: count }, (_, i) => {
    const inner = i === 0 ? 0 : i * width + PIE_RING_GAP_PERCENT / 2;
    const ringOuter = (i + 1) * width - (i === count - 1 ? 0 : PIE_RING_GAP_PERCENT / 2);
    return { innerRadius: `${round(inner)}%`, outerRadius: `${round(ringOuter)}%` };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;
