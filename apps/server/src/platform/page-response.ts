import type { PageQuery } from '@attest/shared';
import type { FastifyRequest } from 'fastify';

export type Page<T> = { results: T[]; count: number; next: string | null; previous: string | null };

// The list answer of ARCHITECTURE.md: `next` and `previous` are the request's own path and query with
// limit and offset moved, so every other filter survives paging.
export function pageResponse<T>(
  request: FastifyRequest,
  results: T[],
  count: number,
  page: PageQuery,
): Page<T> {
  const link = (offset: number) => {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('offset', String(offset));
    return `${url.pathname}${url.search}`;
  };
  const nextOffset = page.offset + page.limit;
  return {
    results,
    count,
    next: nextOffset < count ? link(nextOffset) : null,
    previous: page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null,
  };
}
