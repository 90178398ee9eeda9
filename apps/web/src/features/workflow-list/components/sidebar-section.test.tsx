import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SidebarSection } from './sidebar-section';

// Issue 14 (axe: heading-order): the dashboard's h1 is followed by the sidebar's sections, so their
// headings are h2, not h3.
describe('SidebarSection', () => {
  it('is a named region headed one level under the page title', () => {
    renderWithProviders(
      <SidebarSection title="Saved filters">
        <p>Save a view to come back to it.</p>
      </SidebarSection>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Saved filters' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Saved filters' })).toBeTruthy();
  });
});
