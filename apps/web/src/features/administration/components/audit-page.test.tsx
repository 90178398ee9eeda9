import { ADMIN_PATHS } from '@attest/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { AuditPage } from './audit-page';

afterEach(() => vi.unstubAllGlobals());

const event = (id: number, action: string) => ({
  id,
  action,
  actor: { id: 1, email: 'ada@acme.test' },
  target: { id: 2, email: 'max@acme.test' },
  details: { method: 'password' },
  ip_address: '10.0.0.1',
  created_at: '2026-11-25T10:00:00.000Z',
});

describe('AuditPage', () => {
  it('names each security event in words', async () => {
    const actions = [
      'sign_in.succeeded',
      'sign_in.locked',
      'session.signed_out',
      'step.assignees_changed',
      'new.kind',
    ];
    mockApi({
      [ADMIN_PATHS.auditEvents]: {
        body: { results: actions.map((a, i) => event(i + 1, a)), count: 5, next: null, previous: null },
      },
    });
    renderWithProviders(<AuditPage />);
    for (const label of [
      'Signed in',
      'Password sign-in paused',
      'Signed out',
      'Step assignees changed',
      'new kind',
    ]) {
      expect(await screen.findByText(label)).toBeTruthy();
    }
    expect(screen.getByText('Showing 1-5 out of 5 items')).toBeTruthy();
  });

  it('says the trail could not be read instead of claiming it is empty', async () => {
    mockApi({
      [ADMIN_PATHS.auditEvents]: {
        status: 500,
        body: { detail: 'A server error occurred.', code: 'error' },
      },
    });
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('The audit log could not be loaded. Try again later.')).toBeTruthy();
    expect(screen.queryByText('No events recorded yet.')).toBeNull();
    expect(screen.queryByText(/Total/)).toBeNull();
  });
});
