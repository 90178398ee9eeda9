import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UserMenu } from './user-menu';

const ALEX = makeUser({ id: 1, first_name: 'Alex', last_name: 'Admin', email: 'admin@acme.test' });
const ANA = makeUser({ id: 2, first_name: 'Ana', last_name: 'Analyst', email: 'analyst@acme.test' });

function renderMenuButton(user: typeof ALEX) {
  const view = renderWithProviders(
    <UserMenu
      user={user}
      supportLinks={[]}
      languages={[{ code: 'en', label: 'English' }]}
      currentLanguage="en"
      onChangeLanguage={vi.fn()}
      onLogout={vi.fn()}
    />,
  );
  const button = screen.getByTestId('user-menu-button');
  const avatar = button.querySelector<HTMLElement>('[data-person-color]');
  if (!avatar) throw new Error('the user menu button shows no person avatar');
  return { ...view, button, avatar };
}

// Issue 14: Alex Admin and Ana Analyst both read 'AA' in the header; their colour and the name on
// hover tell them apart.
describe('user menu button: who is signed in', () => {
  it('draws two people with the same initials in different colours', () => {
    const alex = renderMenuButton(ALEX);
    const alexLetters = alex.avatar.textContent;
    const alexColor = alex.avatar.getAttribute('data-person-color');
    alex.unmount();
    const ana = renderMenuButton(ANA);
    expect(alexLetters).toBe('AA');
    expect(ana.avatar.textContent).toBe('AA');
    expect(ana.avatar.getAttribute('data-person-color')).not.toBe(alexColor);
  });

  it('names the person on hover over the avatar', async () => {
    const { avatar } = renderMenuButton(ANA);
    fireEvent.mouseEnter(avatar);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ana Analyst');
  });

  it('is named by the person and what it does, without the avatar letters', () => {
    const { button } = renderMenuButton(ALEX);
    expect(screen.getByRole('button', { name: 'Alex Admin Open user menu' })).toBe(button);
  });
});
