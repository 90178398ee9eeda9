import { STUDIO_MERGE_PATHS, STUDIO_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { MergeDialog } from './merge-dialog';
import { makeBranch, mergeAnswer } from './test-data';

const main = makeBranch();
const feature = makeBranch({ id: 12, name: 'feature', is_main: false });
const MERGE = STUDIO_MERGE_PATHS.merge(7, 12);
const conflict = {
  id: 'c1',
  kind: 'property' as const,
  item: 'step' as const,
  identity: ['onboarding', 'review', 'approve'],
  path: ['label'],
  base: 'Approve',
  ours: 'Approve vendor',
  theirs: 'Sign off',
};

// The first Merge waits for main's revision to load.
async function startMerge() {
  const merge = await screen.findByRole('button', { name: 'Merge' });
  await waitFor(() => expect(merge.hasAttribute('disabled')).toBe(false));
  fireEvent.click(merge);
}

function bodyOf(call: Parameters<typeof fetch> | undefined) {
  return JSON.parse(String(call?.[1]?.body));
}

describe('MergeDialog', () => {
  it('shows each conflict side by side and merges with the choices made', async () => {
    let answers = [mergeAnswer({ conflicts: [conflict] }), mergeAnswer({ merged: true })];
    const fetchMock = mockApi({
      [STUDIO_PATHS.branch(7, 11)]: { body: { ...main, package: { processes: [] } } },
      [MERGE]: () => {
        const [next, ...rest] = answers;
        answers = rest;
        return { body: next };
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<MergeDialog appId={7} branch={feature} main={main} onClose={onClose} />);
    await startMerge();
    expect(await screen.findByText('"Approve vendor"')).toBeTruthy();
    expect(screen.getByText('"Sign off"')).toBeTruthy();
    expect(bodyOf(callsTo(fetchMock, MERGE)[0])).toEqual({ revision: 4 });
    const mergeWithChoices = screen.getByRole('button', { name: 'Merge with these choices' });
    expect(mergeWithChoices.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Take the branch (theirs)' }));
    await waitFor(() => expect(mergeWithChoices.hasAttribute('disabled')).toBe(false));
    fireEvent.click(mergeWithChoices);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(callsTo(fetchMock, MERGE)[1])).toEqual({ revision: 4, choices: { c1: 'theirs' } });
  });

  it('tells the designer to reload when main was saved meanwhile (409)', async () => {
    mockApi({
      [STUDIO_PATHS.branch(7, 11)]: { body: { ...main, package: { processes: [] } } },
      [MERGE]: { status: 409, body: { detail: 'Stale.', code: 'stale_revision' } },
    });
    renderWithProviders(<MergeDialog appId={7} branch={feature} main={main} onClose={() => {}} />);
    await startMerge();
    expect(await screen.findByText('Main changed meanwhile')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload main' })).toBeTruthy();
  });
});
