import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ErrorFallback } from './error-fallback';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  it('shows the spec message and its two actions', () => {
    renderWithProviders(<ErrorPage />);
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(screen.getByText(/Our engineering team has been notified\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'GO HOME' })).toBeTruthy();
  });

  it('opens the Feedback dialog with the event id or unknown', async () => {
    renderWithProviders(<ErrorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT FEEDBACK' }));
    expect(await screen.findByText('Feedback')).toBeTruthy();
    expect(screen.getByText('Error event ID: unknown')).toBeTruthy();
    expect(screen.getByText(/Your feedback helps us improve the product\./)).toBeTruthy();
  });
});

describe('ErrorFallback', () => {
  it('offers Try Again with a retry callback', () => {
    const onRetry = vi.fn();
    renderWithProviders(<ErrorFallback onRetry={onRetry} />);
    expect(screen.getByText('An error occurred')).toBeTruthy();
    expect(screen.getByText("We're working on a fix. Please try again")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says only that a fix is coming without one', () => {
    renderWithProviders(<ErrorFallback />);
    expect(screen.getByText("We're working on a fix")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});
