import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { distinctLetters } from '../lib/format/initials';
import { renderWithProviders } from '../test/render';
import { PersonAvatar, personColor } from './person-avatar';

describe('PersonAvatar: people with the same initials are told apart', () => {
  it('gives each person a stable colour from their id', () => {
    expect(personColor(1)).toBe(personColor(1));
    expect(personColor('admin@acme.test')).toBe(personColor('admin@acme.test'));
    // Across a team's worth of ids, colours vary (not one colour for everyone).
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(personColor)).size).toBeGreaterThan(3);
  });

  it('names the person in full, on hover too', async () => {
    renderWithProviders(
      <div>
        <PersonAvatar colorKey={1} name="Alex Admin" />
        <PersonAvatar colorKey={2} name="Ana Analyst" />
      </div>,
    );
    const alex = screen.getByRole('img', { name: 'Alex Admin' });
    const ana = screen.getByRole('img', { name: 'Ana Analyst' });
    expect(alex.textContent).toBe('AA');
    expect(alex.getAttribute('data-person-color')).not.toBe(ana.getAttribute('data-person-color'));
    fireEvent.mouseEnter(alex);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Alex Admin');
  });

  it('stays out of the way where the name is written beside it', () => {
    const { container } = renderWithProviders(<PersonAvatar colorKey={1} name="Alex Admin" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('AA');
  });

  it('spells colliding initials with two letters of the surname', () => {
    expect(distinctLetters(['Alex Admin', 'Ana Analyst', 'Grace Hopper'])).toEqual(['AAd', 'AAn', 'GH']);
    expect(distinctLetters(['Alex Admin'])).toEqual(['AA']);
  });
});
