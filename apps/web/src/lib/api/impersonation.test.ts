import { IMPERSONATION_STATUS } from '@attest/shared';
import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createElement, Fragment, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, type MockInstance, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-mock';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { send } from './http-client';
import { observeResponse, setImpersonationListeners } from './impersonation';

// A toast's message as a person sees it, and the names isolated in it (each in a <bdi>).
function shown(message: ReactNode) {
  const { container } = render(createElement(Fragment, null, message));
  return {
    text: container.textContent,
    names: [...container.querySelectorAll('bdi')].map((b) => b.textContent),
  };
}

const withHeader = (id: string | null) =>
  new Response('{}', { status: 200, headers: id ? { 'impersonator-id': id } : {} });

let onChanged: Mock<() => void>;
let onEnded: Mock<() => void>;

beforeEach(() => {
  onChanged = vi.fn<() => void>();
  onEnded = vi.fn<() => void>();
  setImpersonationListeners({ onChanged, onEnded });
});

describe('the impersonator-id header (spec 1 section 4)', () => {
  it('is remembered for the session the first time, without a reload', () => {
    observeResponse(withHeader('7'));
    expect(sessionStorage.getItem(STORAGE_KEYS.impersonatorId)).toBe('7');
    expect(onChanged).not.toHaveBeenCalled();
    observeResponse(withHeader('7'));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('reloads the page when it changes', () => {
    observeResponse(withHeader('7'));
    observeResponse(withHeader('9'));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.impersonatorId)).toBe('9');
  });

  it('refreshes the user and forgets it when it disappears', () => {
    observeResponse(withHeader('7'));
    observeResponse(withHeader(null));
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.impersonatorId)).toBeNull();
    // Nothing remembered, nothing to do.
    observeResponse(withHeader(null));
    expect(onEnded).toHaveBeenCalledTimes(1);
  });
});

describe('status 434', () => {
  let show: MockInstance<typeof notifications.show>;
  beforeEach(() => {
    show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const answer434 = (errorTag: string) =>
    jsonResponse({
      status: IMPERSONATION_STATUS,
      body: {
        detail: 'Not while impersonating.',
        code: 'impersonation_error',
        error_tag: errorTag,
        impersonator: { id: 1, name: 'Alex Admin' },
        impersonatee: { id: 2, name: 'Ana Analyst' },
      },
    });

  it('names the impersonator and the impersonatee in the message chosen by error_tag', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer434('action_not_allowed')),
    );
    await expect(send('users/change_password/', { method: 'POST', body: {} })).rejects.toThrow();
    expect(shown(show.mock.calls[0]?.[0].message)).toEqual({
      text: 'Alex Admin cannot do this while acting as Ana Analyst.',
      names: ['Alex Admin', 'Ana Analyst'],
    });
  });

  it('uses the nested-impersonation sentence for that tag', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer434('nested_impersonation')),
    );
    await expect(send('users/impersonate/', { method: 'POST', body: {} })).rejects.toThrow();
    expect(shown(show.mock.calls[0]?.[0].message).text).toBe(
      'Alex Admin is already acting as another user and cannot also act as Ana Analyst.',
    );
  });

  it("falls back to the spec's default for an unknown tag or body", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer434('something_new')),
    );
    await expect(send('users/impersonate/', { method: 'POST', body: {} })).rejects.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: IMPERSONATION_STATUS })),
    );
    await expect(send('users/impersonate/', { method: 'POST', body: {} })).rejects.toThrow();
    expect(show.mock.calls.map(([data]) => data.message)).toEqual([
      'An error occurred! Please contact the administrator.',
      'An error occurred! Please contact the administrator.',
    ]);
  });
});
