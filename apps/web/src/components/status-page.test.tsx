import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { StatusPage } from './status-page';

// Issue 14 (axe: landmark-one-main, region): a status page that fills the window is the page's main
// landmark; one shown inside the app shell sits in the shell's <main> and adds no second one.
describe('StatusPage landmarks', () => {
  it('is the main landmark when it fills the window', () => {
    renderWithProviders(<StatusPage icon={null} title="Page not found" />);
    const heading = screen.getByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
  });

  it('adds no main landmark inside the app shell', () => {
    renderWithProviders(
      <main>
        <StatusPage icon={null} title="Coming soon" fullHeight={false} />
      </main>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
