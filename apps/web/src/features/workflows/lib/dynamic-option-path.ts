import { toClientApiPath } from '@attest/shared';

// Spec 1 §7, generic GET for dynamic option lists: a configured path is requested relative to the
// API base. Absolute URLs and leading-slash paths are refused (they could leave the tenant's API),
// and an 'api/v1/' or 'api/v2/' prefix is stripped since the client adds its own base.
export function dynamicOptionPath(configured: string): string {
  return toClientApiPath(configured);
}
