import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Overlays } from './overlays';

function renderOverlays() {
  return render(
    <MantineProvider env="test">
      <Overlays />
    </MantineProvider>,
  );
}

// Issue 14 (first load): the code showing toasts and modals loads with the first one, which still shows.
describe('Overlays', () => {
  afterEach(() => {
    act(() => {
      notifications.clean();
      modals.closeAll();
    });
  });

  it('shows the first toast once its code has loaded', async () => {
    renderOverlays();
    act(() => {
      notifications.show({ message: 'Your report was saved.' });
    });
    expect(await screen.findByText('Your report was saved.')).toBeTruthy();
  });

  it('shows a confirmation asked for before the modals code loaded, and later ones too', async () => {
    renderOverlays();
    act(() => {
      modals.openConfirmModal({
        title: 'Archive this workflow?',
        labels: { confirm: 'Archive', cancel: 'Keep' },
      });
    });
    expect(await screen.findByRole('dialog', { name: 'Archive this workflow?' })).toBeTruthy();
    act(() => modals.closeAll());
    act(() => {
      modals.openConfirmModal({
        title: 'Delete this report?',
        labels: { confirm: 'Delete', cancel: 'Keep' },
      });
    });
    expect(await screen.findByRole('dialog', { name: 'Delete this report?' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Archive this workflow?' })).toBeNull();
  });
});
