import { type Branding, CONFIGURATION_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import type { BrandingPreview } from '../lib/branding-draft';
import { BrandingPage } from './branding-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const STORED: Branding = {
  name: 'Acme',
  logo: null,
  report_embed_url: null,
  header_links: [{ label: 'Policies', url: 'https://policies.example.test/' }],
  support_links: [],
  brand_color: '#1971c2',
  banner_enabled: false,
  banner_message: null,
  banner_color: null,
  filter_placeholders: { Region: null, Business: null },
};

// The preview as the page hands it over: what the shell would draw.
function Preview({ preview }: { preview: BrandingPreview }) {
  return (
    <div data-testid="preview">
      <span>{preview.name}</span>
      <span data-testid="preview-colour">{preview.brandColor ?? 'none'}</span>
      {preview.banner && <span data-testid="preview-banner">{preview.banner.message}</span>}
    </div>
  );
}

function renderPage() {
  return renderWithProviders(<BrandingPage renderPreview={(preview) => <Preview preview={preview} />} />);
}

describe('BrandingPage', () => {
  it('previews unsaved values at once and saves them', async () => {
    const calls = mockApiCalls({
      [CONFIGURATION_PATHS.branding]: { body: STORED },
      [`PATCH ${CONFIGURATION_PATHS.branding}`]: (call) => ({
        body: { ...STORED, ...(call.body as object) },
      }),
    });
    renderPage();
    const preview = await screen.findByTestId('preview');
    fireEvent.change(screen.getByLabelText(/Brand colour/), { target: { value: '#e8590c' } });
    fireEvent.click(screen.getByRole('switch', { name: /Show the banner/ }));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Audit week' } });
    expect(within(preview).getByTestId('preview-colour').textContent).toBe('#e8590c');
    expect(within(preview).getByTestId('preview-banner').textContent).toBe('Audit week');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      name: 'Acme',
      brand_color: '#e8590c',
      banner_enabled: true,
      banner_message: 'Audit week',
      banner_color: null,
    });
  });

  it('refuses a bad colour and a bad link address before sending anything', async () => {
    const calls = mockApiCalls({ [CONFIGURATION_PATHS.branding]: { body: STORED } });
    renderPage();
    await screen.findByTestId('preview');
    fireEvent.change(screen.getByLabelText(/Brand colour/), { target: { value: '#12345' } });
    fireEvent.change(screen.getByLabelText('Address 1'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use a hex colour such as #1c7ed6 (3 or 6 digits).')).toBeTruthy();
    expect(screen.getByText(/Enter a web address starting with https:\/\//)).toBeTruthy();
    // An invalid colour is not previewed.
    expect(screen.getByTestId('preview-colour').textContent).toBe('none');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('asks for a message when the banner is switched on without one', async () => {
    const calls = mockApiCalls({ [CONFIGURATION_PATHS.branding]: { body: STORED } });
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: /Show the banner/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Write a message, or turn the banner off.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it("shows the server's field errors beside their fields", async () => {
    const message = 'Use a hex colour such as #1c7ed6.';
    mockApiCalls({
      [CONFIGURATION_PATHS.branding]: { body: STORED },
      [`PATCH ${CONFIGURATION_PATHS.branding}`]: {
        status: 400,
        body: { detail: message, code: 'invalid', errors: { banner_color: [message] } },
      },
    });
    renderPage();
    await screen.findByTestId('preview');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Acme Group' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  // Spec 1 §2-3: the support links of the user menu, label and address, checked with the shared URL
  // rule before sending, at most MAX_HEADER_LINKS.
  it('edits the support links, checks their addresses and saves them', async () => {
    const calls = mockApiCalls({
      [CONFIGURATION_PATHS.branding]: { body: STORED },
      [`PATCH ${CONFIGURATION_PATHS.branding}`]: (call) => ({
        body: { ...STORED, ...(call.body as object) },
      }),
    });
    renderPage();
    await screen.findByTestId('preview');
    expect(screen.getByText('No support links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add support link' }));
    fireEvent.change(screen.getByLabelText('Support link label 1'), { target: { value: ' Help centre ' } });
    fireEvent.change(screen.getByLabelText('Support link address 1'), {
      target: { value: 'data:text/html,x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Enter a web address starting with https:\/\//)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Support link address 1'), {
      target: { value: 'https://help.example.test/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      header_links: STORED.header_links,
      support_links: [{ label: 'Help centre', url: 'https://help.example.test/' }],
    });
  });

  it('offers no more than ten support links', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ label: `Help ${i}`, url: `/help/${i}` }));
    mockApiCalls({ [CONFIGURATION_PATHS.branding]: { body: { ...STORED, support_links: many } } });
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add support link' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove support link 10' }));
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });
});
