import { z } from 'zod';
import { text } from '../validators/input-limits.js';

// Issue 16: one box over workflow ids, names, current text answers and the comments a person may
// read, grouped by kind (docs/search.md).
export const SEARCH_PATHS = {
  search: '/api/v1/search/',
} as const;

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
// Matches are counted exactly up to this many per source (id, name, answer, comment); past it the
// answer says `capped` and the web shows "more than". It bounds a common word's cost (docs/search.md).
export const SEARCH_COUNT_CAP = 500;
// A trigram index needs three characters; shorter words search workflow ids only.
export const SEARCH_MIN_WORD_LENGTH = 3;
// Characters of context each side of a match in a snippet.
export const SEARCH_SNIPPET_CONTEXT = 40;

export const SEARCH_MESSAGES = {
  emptyQuery: 'Type something to search for.',
  queryTooLong: `A search can be at most ${SEARCH_QUERY_MAX_LENGTH} characters long.`,
} as const;

export const SearchQuerySchema = z.object({
  q: text()
    .trim()
    .min(1, { message: SEARCH_MESSAGES.emptyQuery })
    .max(SEARCH_QUERY_MAX_LENGTH, { message: SEARCH_MESSAGES.queryTooLong }),
  kind_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53)
    .optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

// Where a workflow matched, best first: its id, its name, a current answer, a comment.
export const SearchSourceSchema = z.enum(['id', 'name', 'answer', 'comment']);
export type SearchSource = z.infer<typeof SearchSourceSchema>;
export const SEARCH_SOURCES = SearchSourceSchema.options;

// [start, end) offsets into the snippet, in UTF-16 code units (JavaScript string indices).
export const SearchHighlightSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const SearchMatchSchema = z.object({
  source: SearchSourceSchema,
  field_tag: z.string().optional(),
  field_label: z.string().optional(),
  step_tag: z.string().optional(),
  thread_id: z.number().int().optional(),
  snippet: z.string(),
  highlights: z.array(SearchHighlightSchema),
});
export type SearchMatch = z.infer<typeof SearchMatchSchema>;

export const SearchResultSchema = z.object({
  workflow_id: z.number().int(),
  workflow_name: z.string(),
  status: z.object({ id: z.number().int(), name: z.string(), color_code: z.string() }).nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }),
  updated_at: z.string(),
  match: SearchMatchSchema,
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchGroupSchema = z.object({
  kind: z.object({ id: z.number().int(), tag: z.string(), name: z.string() }),
  // Matching workflows of this kind (exact unless the answer is capped).
  count: z.number().int(),
  results: z.array(SearchResultSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const SearchResponseSchema = z.object({
  query: z.string(),
  // Distinct matching workflows the person may see; a lower bound when `capped`.
  total: z.number().int(),
  // True when a source reached SEARCH_COUNT_CAP matches: total and counts are then "at least".
  capped: z.boolean(),
  groups: z.array(SearchGroupSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
