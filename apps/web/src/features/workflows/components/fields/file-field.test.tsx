import { WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../../components/user-text';
import { jsonResponse, type Reply } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { fieldOf } from './field-fixtures';
import { FieldInput } from './field-input';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UID = '0b6c6f5e-8d3a-4c55-9a61-1f1e8b7f2a10';
const pathOf = (input: unknown) => new URL(String(input), 'http://acme.localhost').pathname;

// The only mock is fetch, at the boundary: the upload and download calls answer `replies` by path.
function mockFetch(replies: Record<string, Reply>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    jsonResponse(replies[pathOf(input)] ?? { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderFile(field = fieldOf('file', { label: 'Certificate' }), value: unknown = undefined) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  renderWithProviders(
    <FieldInput field={field} value={value} onChange={onChange} onCommit={onCommit} workflowId={7} />,
  );
  return { onChange, onCommit };
}

const choose = (label: RegExp, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe('file fields', () => {
  it('uploads the chosen file as its raw body and saves the stored file as the answer', async () => {
    const upload = WORKFLOW_PATHS.upload(7, 'intake.general.file');
    const stored = { id: 41, uid: UID, name: 'iso 27001.pdf', size: 5, content_type: 'application/pdf' };
    const fetchMock = mockFetch({ [upload]: { status: 201, body: stored } });
    const { onCommit } = renderFile();
    const file = new File(['%PDF-'], 'iso 27001.pdf', { type: 'application/pdf' });
    choose(/Certificate/, [file]);
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith(stored));
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(pathOf(input)).toBe(upload);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('x-file-name')).toBe('iso%2027001.pdf');
  });

  it('adds to the list of a multi-file field', async () => {
    const field = fieldOf('multi_file', { label: 'Evidence' });
    const existing = { id: 1, uid: UID, name: 'a.pdf', size: 3, content_type: 'application/pdf' };
    const added = {
      id: 2,
      uid: UID.replace('0b6', '1c7'),
      name: 'b.png',
      size: 4,
      content_type: 'image/png',
    };
    mockFetch({ [WORKFLOW_PATHS.upload(7, field.tag)]: { status: 201, body: added } });
    const { onCommit } = renderFile(field, [existing]);
    choose(/Evidence/, [new File(['abcd'], 'b.png', { type: 'image/png' })]);
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith([existing, added]));
  });

  it('refuses a file too large or of the wrong type before uploading it', () => {
    const fetchMock = mockFetch({});
    const field = fieldOf('file', {
      label: 'Certificate',
      validation: { max_size_bytes: 4, allowed_types: ['application/pdf'] },
    });
    const { onCommit } = renderFile(field);
    choose(/Certificate/, [new File(['too long'], 'photo.png', { type: 'image/png' })]);
    expect(screen.getByText("'photo.png' is larger than the 0 MB allowed.")).toBeTruthy();
    expect(screen.getByText("'photo.png' is not an allowed type (application/pdf).")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal with the field's rule it broke", async () => {
    const field = fieldOf('file', { label: 'Certificate' });
    mockFetch({
      [WORKFLOW_PATHS.upload(7, field.tag)]: {
        status: 400,
        body: {
          detail: 'The file breaks the field rules.',
          code: 'invalid_answer',
          problems: [
            {
              field_tag: field.tag,
              errors: [
                {
                  code: 'file_type_not_allowed',
                  params: { name: 'x.exe', allowed: '.pdf' },
                  message: "'x.exe' is not an allowed type (.pdf).",
                },
              ],
            },
          ],
        },
      },
    });
    const { onCommit } = renderFile(field);
    choose(/Certificate/, [new File(['MZ'], 'x.exe', { type: 'application/octet-stream' })]);
    expect(await screen.findByText("'x.exe' is not an allowed type (.pdf).")).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it("names the file the server refused and says why, translated by the refusal's code", async () => {
    const field = fieldOf('file', { label: 'Certificate' });
    mockFetch({
      [WORKFLOW_PATHS.upload(7, field.tag)]: {
        status: 400,
        body: { detail: 'The file is empty.', code: 'file_empty' },
      },
    });
    renderFile(field);
    choose(/Certificate/, [new File([], 'empty.pdf', { type: 'application/pdf' })]);
    expect(
      await screen.findByText(`'${isolate('empty.pdf')}' was not uploaded: The file is empty.`),
    ).toBeTruthy();
  });

  it('downloads through attachment_url, and shows the catalogue message when refused', async () => {
    const field = fieldOf('multi_file', { label: 'Evidence' });
    const file = { id: 1, uid: UID, name: 'a.pdf', size: 3, content_type: 'application/pdf' };
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = mockFetch({
      [WORKFLOW_PATHS.attachmentDownload]: { body: { attachment_url: WORKFLOW_PATHS.attachmentFile(UID) } },
    });
    renderFile(field, [file]);
    fireEvent.click(screen.getByRole('button', { name: 'Download a.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://acme.localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      workflow_id: '7',
      field_tag: field.tag,
      uid: UID,
    });

    mockFetch({
      [WORKFLOW_PATHS.attachmentDownload]: {
        status: 404,
        body: { detail: 'No attachment data found to download', code: 'download_no_data' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download a.pdf' }));
    expect(
      await screen.findByText('No attachment data found to download (404, download_no_data)'),
    ).toBeTruthy();

    mockFetch({
      [WORKFLOW_PATHS.attachmentDownload]: { status: 500, body: { detail: 'boom', code: 'server_error' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download a.pdf' }));
    expect(
      await screen.findByText(
        'An unknown error occurred! Please reach out to your administrator or support team (500, server_error)',
      ),
    ).toBeTruthy();
  });
});
