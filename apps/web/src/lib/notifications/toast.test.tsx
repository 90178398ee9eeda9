import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Overlays } from '../../app/providers/overlays';
import { toast } from './toast';

// Issue 15 (vendor offboarding journey): axe found the toasts' close buttons without a name.
describe('toast', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('names its close button', async () => {
    render(
      <MantineProvider env="test">
        <Overlays />
      </MantineProvider>,
    );
    act(() => toast.success('toasts.networkError'));
    expect(await screen.findByText('The server could not be reached. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close this message' })).toBeTruthy();
  });
});
