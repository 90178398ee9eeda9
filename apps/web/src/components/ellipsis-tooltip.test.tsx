import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { fakeTextWidths } from '../test/text-widths';
import { EllipsisTooltip, isTruncated } from './ellipsis-tooltip';

const LONG = 'A workflow name far too long to fit';

describe('EllipsisTooltip (spec 2 §2.9: only when the content is truncated)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = fakeTextWidths();
  });
  afterEach(() => restore());

  it('measures truncation', () => {
    const element = document.createElement('p');
    element.textContent = 'short';
    expect(isTruncated(element)).toBe(false);
    element.textContent = LONG;
    expect(isTruncated(element)).toBe(true);
  });

  it('shows the whole text in a tooltip on hover when it is cut', async () => {
    renderWithProviders(<EllipsisTooltip label={LONG} />);
    const text = screen.getByText(LONG);
    expect(text.getAttribute('data-truncate')).toBe('end');
    fireEvent.mouseEnter(text);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
    fireEvent.mouseLeave(text);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows nothing when the text fits', async () => {
    renderWithProviders(<EllipsisTooltip label="Short" />);
    fireEvent.mouseEnter(screen.getByText('Short'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('waits 100 ms before showing', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<EllipsisTooltip label={LONG} />);
      fireEvent.mouseEnter(screen.getByText(LONG));
      act(() => vi.advanceTimersByTime(90));
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => vi.advanceTimersByTime(20));
      expect(screen.getByRole('tooltip').textContent).toBe(LONG);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows on keyboard focus, and hides on blur, on Escape and on scroll', async () => {
    renderWithProviders(<EllipsisTooltip label={LONG} tabIndex={0} />);
    const text = screen.getByText(LONG);
    fireEvent.focus(text);
    await screen.findByRole('tooltip');
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(text);
    await screen.findByRole('tooltip');
    fireEvent.scroll(window);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(text);
    await screen.findByRole('tooltip');
    fireEvent.blur(text);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('always shows a tooltip text of its own', async () => {
    renderWithProviders(<EllipsisTooltip label="Short" tooltip="More about it" />);
    fireEvent.mouseEnter(screen.getByText('Short'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('More about it');
  });
});
