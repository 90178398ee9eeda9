import { type CustomUiLabels, HEADER_HEIGHT_PX, HEADER_HEIGHT_WITH_BANNER_PX } from '@attest/shared';

export const BANNER_HEIGHT_PX = HEADER_HEIGHT_WITH_BANNER_PX - HEADER_HEIGHT_PX;
export const IMPERSONATION_BANNER_HEIGHT_PX = 44;

// Spec 1 section 2: the banner shows when switched on and there is something to say.
export function bannerMessage(labels: CustomUiLabels): string | null {
  const message = labels.banner_message?.trim();
  return labels.trigger && message ? message : null;
}

export function headerHeight(labels: CustomUiLabels, impersonating = false): number {
  const base = bannerMessage(labels) ? HEADER_HEIGHT_WITH_BANNER_PX : HEADER_HEIGHT_PX;
  return impersonating ? base + IMPERSONATION_BANNER_HEIGHT_PX : base;
}
