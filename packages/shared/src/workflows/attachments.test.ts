import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from './api.js';
import { DOWNLOAD_ERROR_CODES, downloadFailure, FILE_FIELD_TYPES } from './attachments.js';

describe('download failures in the catalogue form (status, cause, user message)', () => {
  it('shows the message of each known refusal', () => {
    expect(downloadFailure(404, { code: DOWNLOAD_ERROR_CODES.noAccess, detail: 'x' })).toEqual({
      status: 404,
      cause: 'download_no_access',
      message: DOWNLOAD_MESSAGES.noAccess,
      hint: null,
    });
    expect(downloadFailure(404, { code: 'download_no_data' }).message).toBe(DOWNLOAD_MESSAGES.noData);
    expect(downloadFailure(400, { code: 'download_uid_missing' }).message).toBe(DOWNLOAD_MESSAGES.uidMissing);
  });

  it('shows the unknown-error message with its hint for anything else', () => {
    expect(downloadFailure(500, { code: 'internal_error' })).toEqual({
      status: 500,
      cause: 'internal_error',
      message: 'An unknown error occurred!',
      hint: 'Please reach out to your administrator or support team',
    });
    expect(downloadFailure(null, 'offline')).toMatchObject({ status: null, cause: 'unknown' });
  });

  it('knows the five file field types', () => {
    expect([...FILE_FIELD_TYPES].sort()).toEqual([
      'attachment',
      'e_signature',
      'file',
      'multi_file',
      's3_object',
    ]);
  });
});
