import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
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
    // The name is isolated: in Arabic it keeps its own order inside the sentence.
    expect(screen.getByText(`You are acting as ${isolate('Ana Analyst')}.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
