import { DOWNLOAD_ERROR_CODES, DOWNLOAD_MESSAGES, WORKFLOW_PATHS } from '@attest/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { AttachmentViewPage } from './attachment-view-page';

// Spec 2 §2.2 /api/v1/attachment/ (issue 12, finding 11): a page, never the API's JSON.
describe('AttachmentViewPage', () => {
  it('explains a link that names no file, without calling the API', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<AttachmentViewPage />, { url: '/api/v1/attachment/' });
    expect(await screen.findByText('This link does not name a file')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the catalogue's message when the file may not be downloaded", async () => {
    const fetchMock = mockApi({
      [WORKFLOW_PATHS.attachmentDownload]: {
        status: 404,
        body: { detail: DOWNLOAD_MESSAGES.noAccess, code: DOWNLOAD_ERROR_CODES.noAccess },
      },
    });
    renderWithProviders(<AttachmentViewPage />, {
      url: '/api/v1/attachment/?workflow_id=7&field_tag=contract',
    });
    expect(await screen.findByText('The file could not be downloaded')).toBeTruthy();
    expect(screen.getByText(new RegExp(DOWNLOAD_MESSAGES.noAccess))).toBeTruthy();
    const [call] = callsTo(fetchMock, WORKFLOW_PATHS.attachmentDownload);
    expect(String(call?.[0])).toContain('workflow_id=7');
  });
});
