import type { StudioStage, StudioVersion } from '@attest/shared';

// The one stage move a person makes with a button (spec 2 §4.1): draft -> rft, deployed -> ARCHIVE.
// rft -> deployed happens only by deploying, so it is offered as deploying, not as a stage.
export function nextStageAction(stage: StudioStage): StudioStage | null {
  if (stage === 'draft') return 'rft';
  if (stage === 'deployed') return 'ARCHIVE';
  return null;
}

// Reviewed only at rft; deployed once frozen (rft or deployed) and never once archived.
export const canReview = (version: StudioVersion) => version.stage === 'rft';
export const canDeploy = (version: StudioVersion) => version.stage === 'rft' || version.stage === 'deployed';
export const isApproved = (version: StudioVersion) => version.review?.decision === 'approved';
