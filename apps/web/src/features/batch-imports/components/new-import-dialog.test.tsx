import { BATCH_IMPORT_PATHS, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { makeImport, makeSummary, mockImportsApi, page } from '../test/import-fixtures';
import { ImportsPage } from './imports-page';

afterEach(() => vi.unstubAllGlobals());

type Answer = { status: number; body: unknown };

// XMLHttpRequest as far as the upload uses it: what was sent, some progress, then the answer.
function stubUpload(answer: Answer) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {}
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const types = {
  results: [
    {
      id: 3,
      tag: 'supplier',
      name: 'Supplier',
      version: 1,
      has_region: true,
      has_business_unit: false,
      record_count_estimate: 4,
    },
  ],
};

function renderList() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, {
    can_view_import_pipeline: true,
    can_perform_batch_import: true,
  });
  return renderRoutes(
    [
      { path: '/batch-imports', element: <ImportsPage /> },
      { path: '/batch-import/:importId', element: <p>import page</p> },
    ],
    { url: '/batch-imports', queryClient },
  );
}

async function chooseAndUpload(fileName: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'New import' }));
  const dialog = await screen.findByRole('dialog', { name: 'New import' });
  fireEvent.click(within(dialog).getByRole('combobox', { name: 'Record type' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Supplier' }));
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['Name\nAcme\n'], fileName, { type: 'text/csv' })] },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  return dialog;
}

describe('a new import', () => {
  it('uploads the raw file for the chosen type, its name in X-File-Name, then opens the import', async () => {
    mockImportsApi({
      [BATCH_IMPORT_PATHS.imports]: { body: page([makeSummary()]) },
      [RECORD_PATHS.objectTypes]: { body: types },
    });
    const sent = stubUpload({ status: 201, body: makeImport({ id: 12, state: 'parsed' }) });
    const { router } = renderList();
    await chooseAndUpload('Lieferanten März.csv');
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch-import/12'));
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]?.url ?? '', 'http://acme.localhost');
    expect(url.pathname).toBe(BATCH_IMPORT_PATHS.imports);
    expect(Object.fromEntries(url.searchParams)).toEqual({ target: 'records', object_type: 'supplier' });
    expect(sent[0]?.headers['x-file-name']).toBe(encodeURIComponent('Lieferanten März.csv'));
    expect(sent[0]?.body).toBeInstanceOf(File);
  });

  it("shows the server's refusal of the file in the dialog", async () => {
    mockImportsApi({
      [BATCH_IMPORT_PATHS.imports]: { body: page([makeSummary()]) },
      [RECORD_PATHS.objectTypes]: { body: types },
    });
    const detail = 'Cell C7 holds a formula; import takes values only: paste values and upload again.';
    stubUpload({ status: 400, body: { detail, code: 'import_formula_cell' } });
    const { router } = renderList();
    const dialog = await chooseAndUpload('suppliers.xlsx');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(detail);
    expect(router.state.location.pathname).toBe('/batch-imports');
  });
});
