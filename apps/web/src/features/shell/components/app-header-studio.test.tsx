import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeConfiguration, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { Can } from '../lib/shell-types';
import { AppHeader } from './app-header';

function renderHeader(can: Can) {
  const configuration = makeConfiguration();
  return renderWithProviders(
    <AppHeader
      configuration={configuration}
      user={makeUser()}
      can={can}
      languages={[{ code: 'en', label: 'English' }]}
      currentLanguage="en"
      onChangeLanguage={vi.fn()}
      onLogout={vi.fn()}
    />,
  );
}

// Spec 2 §2.4: the studio is for people with can_access_studio; the header leads there only for them.
describe('the header’s Studio entry', () => {
  it('leads to the app list for people with can_access_studio', () => {
    renderHeader((codename) => codename === 'can_access_studio');
    expect(screen.getByRole('link', { name: 'Studio' }).getAttribute('href')).toBe('/studio/apps/');
  });

  it('is absent for everyone else', () => {
    renderHeader(() => false);
    expect(screen.queryByRole('link', { name: 'Studio' })).toBeNull();
  });
});
