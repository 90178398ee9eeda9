import { PAGE_SIZE } from '@attest/shared';

// Server paging: the page people see (1-based) and an optional search.
export type PageRequest = { page: number; q?: string; size?: number };

export function pageQuery({ page, q, size = PAGE_SIZE }: PageRequest) {
  return { limit: size, offset: (page - 1) * size, q: q?.trim() || undefined };
}

export function pageCount(count: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}
