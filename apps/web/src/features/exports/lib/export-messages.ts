import { HttpError } from '@attest/shared';
import { NetworkError, OfflineError } from '../../../lib/api/network-errors';

// Spec 1 §8 Export: the message key for a failed export request. 403 never arrives here: the app
// shows 'Insufficient Permissions' for it and leaves the call unresolved.
export function exportErrorKey(error: unknown): string {
  if (error instanceof NetworkError || error instanceof OfflineError) return 'exports.networkError';
  if (error instanceof HttpError && error.status === 404) return 'exports.noWorkflows';
  if (error instanceof HttpError && error.status === 400) return 'exports.invalidParams';
  if (error instanceof HttpError && error.status === 429) return 'exports.tooMany';
  return 'exports.genericError';
}

// Spec 1 §8: an invalid-params refusal is also reported, with the server's reasons, for whoever
// looks into why the dashboard sent filters the server refused.
export function reportExportError(error: unknown): void {
  if (error instanceof HttpError && error.status === 400) {
    console.error('Workflow export refused: invalid export params', error.fieldErrors ?? error.message);
  }
}
