import type { HeaderLink } from '@attest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeConfiguration, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AppHeader } from './app-header';

// Issue 14: the tenant's own links are labelled in the language the page is shown in.
const HELP: HeaderLink = {
  label: 'Help centre',
  label_translations: { ar: 'مركز المساعدة', es: 'Centro de ayuda', 'es-MX': 'Centro de soporte' },
  url: 'https://help.test/',
};
const POLICIES: HeaderLink = {
  label: 'Policy library',
  label_translations: { ar: 'مكتبة السياسات' },
  url: 'https://policies.test/',
};

function renderHeaderIn(currentLanguage: string) {
  const base = makeConfiguration();
  const configuration = makeConfiguration({
    support_links: [HELP],
    custom_ui_labels: { ...base.custom_ui_labels, header_links: [POLICIES] },
  });
  renderWithProviders(
    <AppHeader
      configuration={configuration}
      user={makeUser()}
      can={() => true}
      languages={[]}
      currentLanguage={currentLanguage}
      onChangeLanguage={vi.fn()}
      onLogout={vi.fn()}
    />,
  );
  fireEvent.click(screen.getByTestId('user-menu-button'));
}

describe('tenant links in the reader’s language', () => {
  it('shows an Arabic reader the Arabic support and header links', () => {
    renderHeaderIn('ar');
    const help = screen.getByRole('menuitem', { name: 'مركز المساعدة' });
    expect(help.getAttribute('href')).toBe('https://help.test/');
    expect(screen.getByRole('link', { name: /مكتبة السياسات/ }).getAttribute('href')).toBe(
      'https://policies.test/',
    );
    expect(screen.queryByText('Help centre')).toBeNull();
    expect(screen.queryByText('Policy library')).toBeNull();
  });

  it('takes the regional label, then the base language’s', () => {
    renderHeaderIn('es-MX');
    expect(screen.getByRole('menuitem', { name: 'Centro de soporte' })).toBeTruthy();
  });

  it('falls back to the base language, then to the label as the tenant wrote it', () => {
    renderHeaderIn('es-AR');
    expect(screen.getByRole('menuitem', { name: 'Centro de ayuda' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Policy library/ })).toBeTruthy();
  });
});
