import { isValidStepTag, STEP_TAG_SEPARATOR } from '../validators/step-tag.js';

// Spec 2 §3.5: tags are segments joined by double underscores and a step tag needs at least three
// segments. Our rule, one level per segment, so any tag names its parents:
//   kind        supplier_onboarding
//   step group  supplier_onboarding__intake
//   step        supplier_onboarding__intake__details            (3 segments: isValidStepTag)
//   field       supplier_onboarding__intake__details__website   (the step tag plus one segment)
// Statuses, alert tags, option values and table columns are single segments of their own.

// Lower case, digits and single underscores; never '__', which would read as a separator.
const SEGMENT_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
export const TAG_SEGMENT_MAX_LENGTH = 40;
export const TAG_MAX_LENGTH = 200;

export function isValidTagSegment(segment: string): boolean {
  return segment.length <= TAG_SEGMENT_MAX_LENGTH && SEGMENT_PATTERN.test(segment);
}

export function joinTag(...segments: readonly string[]): string {
  return segments.join(STEP_TAG_SEPARATOR);
}

function hasSegments(tag: string, count: number): boolean {
  const segments = tag.split(STEP_TAG_SEPARATOR);
  return tag.length <= TAG_MAX_LENGTH && segments.length === count && segments.every(isValidTagSegment);
}

export function isValidGroupTag(tag: string, kindTag: string): boolean {
  return hasSegments(tag, 2) && tag.startsWith(kindTag + STEP_TAG_SEPARATOR);
}

export function isValidDefinitionStepTag(tag: string, groupTag: string): boolean {
  return isValidStepTag(tag) && hasSegments(tag, 3) && tag.startsWith(groupTag + STEP_TAG_SEPARATOR);
}

export function isValidFieldTag(tag: string, stepTag: string): boolean {
  return hasSegments(tag, 4) && tag.startsWith(stepTag + STEP_TAG_SEPARATOR);
}

// The step a field belongs to is its tag without the last segment.
export function stepTagOfField(fieldTag: string): string {
  return fieldTag.slice(0, fieldTag.lastIndexOf(STEP_TAG_SEPARATOR));
}
