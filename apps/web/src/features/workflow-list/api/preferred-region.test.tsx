import { ADMIN_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { createTestQueryClient } from '../../../test/render';
import { regionIdOf, usePreferredRegion } from './preferred-region';

describe('regionIdOf', () => {
  it('reads a region id from the shapes a region answer takes', () => {
    expect(regionIdOf(3)).toBe(3);
    expect(regionIdOf('12')).toBe(12);
    expect(regionIdOf({ value: 4, label: 'Europe' })).toBe(4);
    expect(regionIdOf({ id: '5' })).toBe(5);
  });

  it('has no preference for anything else', () => {
    for (const answer of [null, undefined, '', 'Europe', 0, -1, 1.5, {}, []])
      expect(regionIdOf(answer)).toBeNull();
  });
});

describe('usePreferredRegion', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(regionId: number) {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const path = new URL(String(input), 'http://acme.localhost').pathname;
        if (path === WORKFLOW_PATHS.getAnswer) return jsonResponse({ body: { answer: String(regionId) } });
        if (path === ADMIN_PATHS.regions) {
          return jsonResponse({
            body: {
              count: 2,
              next: null,
              previous: null,
              results: [
                { id: 1, name: 'Europe' },
                { id: 2, name: 'North America' },
              ],
            },
          });
        }
        return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
      }),
    );
  }

  function renderPreferred() {
    const client = createTestQueryClient();
    return renderHook(() => usePreferredRegion(7), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    }).result;
  }

  it('is a region the person may see', async () => {
    answering(2);
    const result = renderPreferred();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe(2);
  });

  it('is none when the answered region is one the person may not see', async () => {
    answering(3);
    const result = renderPreferred();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });
});
