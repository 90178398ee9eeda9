import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says ERROR 404! and Page Not Found', () => {
    renderWithProviders(<NotFoundPage />, { url: '/nowhere' });
    expect(screen.getByText('ERROR 404!')).toBeTruthy();
    expect(screen.getByText('Page Not Found')).toBeTruthy();
  });

  it('explains an expired magic link and links to a new one', () => {
    renderWithProviders(<NotFoundPage />, { url: '/nowhere?origin=magic-link' });
    expect(screen.queryByText('ERROR 404!')).toBeNull();
    expect(screen.getByText('This magic link has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/login/magic');
    expect(screen.getByText('Magic links expire 15 minutes after they are sent.')).toBeTruthy();
  });
});
