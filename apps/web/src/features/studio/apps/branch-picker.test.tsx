import type { StudioBranchSummary } from '@attest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { BranchPicker } from './branch-picker';

const branch = (id: number, name: string): StudioBranchSummary => ({
  id,
  name,
  is_main: name === 'main',
  based_on_savepoint_id: null,
  revision: 1,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_by: null,
  updated_at: '2026-01-01T00:00:00Z',
});

function renderPicker(names: string[]) {
  const branches = names.map((name, i) => branch(i + 1, name));
  const element = <BranchPicker appId={7} branches={branches} current={branches[0] as StudioBranchSummary} />;
  return renderRoutes([{ path: '*', element }], { url: '/studio/apps/7' }).router;
}

describe('BranchPicker: the app page branch switcher on the shared searchable dropdown', () => {
  it('names the current branch, lists the branches and opens the chosen one', () => {
    const router = renderPicker(['main', 'pricing', 'audit-fixes']);
    fireEvent.click(screen.getByRole('button', { name: 'Branch main' }));
    const list = screen.getByRole('listbox', { name: 'Branch' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'main',
      'pricing',
      'audit-fixes',
    ]);
    expect(screen.getByRole('option', { name: 'main' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/studio/apps/7/audit-fixes');
  });

  it('offers a search past 15 branches', () => {
    renderPicker(['main', ...Array.from({ length: 20 }, (_, i) => `feature-${i + 1}`)]);
    fireEvent.click(screen.getByRole('button', { name: 'Branch main' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: 'feature-20' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['feature-20']);
  });
});
