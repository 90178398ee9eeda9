import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';
import { text } from './validators/input-limits.js';

// Lists answer {results, count, next, previous}; next and previous carry limit and offset.
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: text().nullable(),
    previous: text().nullable(),
  });
}
