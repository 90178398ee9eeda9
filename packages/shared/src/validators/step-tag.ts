// Spec 2 §3.5: column tags are parts joined by double underscores, and "a step tag needs at least
// 3 segments" (e.g. step__approval__cycle_time). Single underscores stay inside a segment.
export const STEP_TAG_SEPARATOR = '__';
export const STEP_TAG_MIN_SEGMENTS = 3;

export function isValidStepTag(tag: string): boolean {
  const segments = tag.split(STEP_TAG_SEPARATOR);
  // An empty segment means a stray separator ('a____b__c', '__a__b__c'), not a real part.
  return segments.length >= STEP_TAG_MIN_SEGMENTS && segments.every((segment) => segment.length > 0);
}
