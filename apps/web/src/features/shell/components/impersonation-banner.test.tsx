import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ImpersonationBanner } from './impersonation-banner';

describe('ImpersonationBanner', () => {
  it('says who is being acted as and stops on request', () => {
    const onStop = vi.fn();
    renderWithProviders(
      <ImpersonationBanner
        impersonatorName="Alex Admin"
        userName="Ana Analyst"
        onStop={onStop}
        stopping={false}
      />,
    );
    expect(screen.getByText('You are acting as Ana Analyst.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
