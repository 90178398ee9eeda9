import { STUDIO_MESSAGES } from '@attest/shared';
import { AppError } from '../../platform/errors.js';

// Spec: nothing ever blocks a second designer. A save based on a revision someone else has already
// replaced is refused with 409 and the revision to reload, instead of a lock.
export class StaleRevisionError extends AppError {
  constructor() {
    super(409, 'stale_revision', STUDIO_MESSAGES.staleRevision);
  }
}
