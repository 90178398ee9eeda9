// Spec 1 §2 and §9: the unread badge shows the count, or 9+ above 9; nothing at 0.
export const BADGE_CAP = 9;

export function badgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.trunc(count));
}
