import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TableauPage } from './tableau-page';

const EMBED = 'https://reports.example.test/views/overview?:embed=y';

afterEach(() => vi.unstubAllGlobals());

function probeAnswers(ok: boolean) {
  const probe = vi.fn<typeof fetch>(async () => {
    if (!ok) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 200 });
  });
  vi.stubGlobal('fetch', probe);
  return probe;
}

// Issue 12, findings 8 and 11: the embedded reports page.
describe('TableauPage', () => {
  it('frames the embed sandboxed, without sending our address, with a link to open it in a new tab', async () => {
    probeAnswers(true);
    renderWithProviders(<TableauPage embedUrl={EMBED} />, { url: '/reports/tableau' });
    const frame = await screen.findByTitle('Embedded reports');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(EMBED);
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(/\s+/).sort();
    expect(sandbox).toEqual(['allow-forms', 'allow-popups', 'allow-same-origin', 'allow-scripts']);
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const link = screen.getByRole('link', { name: /Open in a new tab/ });
    expect(link.getAttribute('href')).toBe(EMBED);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says the reports cannot be reached, instead of a broken frame, and tries again on request', async () => {
    const probe = probeAnswers(false);
    renderWithProviders(<TableauPage embedUrl={EMBED} />, { url: '/reports/tableau' });
    expect(await screen.findByText('The reports could not be reached')).toBeTruthy();
    expect(screen.getByText(/Your browser could not reach reports\.example\.test/)).toBeTruthy();
    expect(screen.queryByTitle('Embedded reports')).toBeNull();
    expect(screen.getByRole('link', { name: /Open in a new tab/ }).getAttribute('href')).toBe(EMBED);
    expect(probe).toHaveBeenCalledWith(
      EMBED,
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
  });

  it('explains when no embed is configured, or the one given is not https', async () => {
    const probe = probeAnswers(true);
    const { unmount } = renderWithProviders(<TableauPage embedUrl={null} />);
    expect(await screen.findByText('No embedded reports')).toBeTruthy();
    unmount();
    renderWithProviders(<TableauPage embedUrl="javascript:alert(1)" />);
    expect(await screen.findByText('No embedded reports')).toBeTruthy();
    expect(screen.queryByTitle('Embedded reports')).toBeNull();
    expect(probe).not.toHaveBeenCalled();
  });
});
