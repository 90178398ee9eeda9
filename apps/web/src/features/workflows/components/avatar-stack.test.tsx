import type { StepAssignee } from '@attest/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { assigneeAvatars, lettersOf, splitAvatars } from '../utils/assignee-avatars';
import { AvatarStack } from './avatar-stack';

const person = (id: number, name: string): StepAssignee => ({
  id,
  kind: 'user',
  user_id: id,
  group_id: null,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@acme.test`,
});

describe('avatar stack', () => {
  it('makes letters from the first and last word of a name', () => {
    expect(lettersOf('Grace Brewster Hopper')).toBe('GH');
    expect(lettersOf('compliance')).toBe('C');
    expect(lettersOf('  ')).toBe('?');
  });

  it('shows two avatars and a +N counter for the rest (spec 2 §9.2)', () => {
    expect(splitAvatars([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(splitAvatars([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2], more: 3 });
    const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'].map((n, i) =>
      person(i + 1, n),
    );
    renderWithProviders(<AvatarStack items={assigneeAvatars(people)} />);
    expect(screen.getByText('AL')).toBeTruthy();
    expect(screen.getByText('GH')).toBeTruthy();
    expect(screen.queryByText('AT')).toBeNull();
    expect(screen.getByText('+2')).toBeTruthy();
  });

  it('tells apart two people with the same initials by letters, colour and name', () => {
    renderWithProviders(
      <AvatarStack items={assigneeAvatars([person(1, 'Alex Admin'), person(2, 'Ana Analyst')])} />,
    );
    const alex = screen.getByRole('img', { name: 'Alex Admin' });
    const ana = screen.getByRole('img', { name: 'Ana Analyst' });
    expect([alex.textContent, ana.textContent]).toEqual(['AAd', 'AAn']);
    expect(alex.getAttribute('data-person-color')).not.toBe(ana.getAttribute('data-person-color'));
  });

  it('marks a group as a secondary avatar', () => {
    const [group] = assigneeAvatars([
      { ...person(9, 'Risk Committee'), kind: 'group', user_id: null, group_id: 2 },
    ]);
    expect(group).toMatchObject({ letters: 'RC', secondary: true });
  });
});
