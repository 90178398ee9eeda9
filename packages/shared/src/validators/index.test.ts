import { describe, expect, it } from 'vitest';
import * as shared from '../index.js';

// The package entry is what the web app and server import; every helper must reach it.
describe('validators index', () => {
  it('exports every validator, helper and constant through the package entry', () => {
    const names = [
      'BARE_HTTPS_PREFIX',
      'CLIENT_PATH_ERRORS',
      'CLIPBOARD_MESSAGES',
      'HttpError',
      'NORMALISED_ERROR_MESSAGES',
      'STEP_TAG_MIN_SEGMENTS',
      'STEP_TAG_SEPARATOR',
      'TOKEN_EXPIRED_INVALID',
      'URL_MAX_LENGTH',
      'exceedsLimitOrBlank',
      'hasLeadingOrTrailingSpaces',
      'httpErrorFromBody',
      'httpStatusMessage',
      'isHexColor',
      'isSafeRelativePath',
      'isValidStepTag',
      'isValidUrl',
      'normaliseError',
      'sanitiseZipFileName',
      'toClientApiPath',
      'uniqueZipFileNames',
      'zipEntryNames',
    ];
    for (const name of names) expect(shared, name).toHaveProperty(name);
  });
});
