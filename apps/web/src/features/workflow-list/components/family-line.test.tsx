import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FamilyLine } from './family-line';

const parent = { id: 7, name: 'Evergreen Shipping N.V.', relation: 'parent' as const };
const self = { id: 9, name: 'Evergreen Shipping N.V. – Operational resilience', relation: 'self' as const };

describe('the family line of a child workflow', () => {
  it('says "Child workflow" and links the parent by name, whole on hover', () => {
    renderWithProviders(<FamilyLine family={[parent, self]} />);
    expect(screen.getByText('Child workflow')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Evergreen Shipping N.V.' });
    expect(link.getAttribute('href')).toBe('/process/7');
    expect(link.closest('[title]')?.getAttribute('title')).toBe('Parent: Evergreen Shipping N.V.');
  });

  // In Arabic the cut must fall at the end of an English name, not at its beginning.
  it('lets the parent name truncate in its own direction', () => {
    renderWithProviders(<FamilyLine family={[parent, self]} />);
    expect(screen.getByRole('link', { name: 'Evergreen Shipping N.V.' }).getAttribute('dir')).toBe('auto');
  });

  it('shows nothing for a workflow without a parent', () => {
    renderWithProviders(<FamilyLine family={[self]} />);
    expect(screen.queryByText('Child workflow')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
