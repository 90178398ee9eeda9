import type { SearchResult } from '@attest/shared';
import { writeSearchUrl } from './search-url';

// Where a result leads: the process page, on the matched step (?step=, the page's deep link) and,
// for a comment, with its thread open (?thread=, as 'View Conversation' does).
export function resultPath({ workflow_id, match }: Pick<SearchResult, 'workflow_id' | 'match'>): string {
  const params = new URLSearchParams();
  if ((match.source === 'answer' || match.source === 'comment') && match.step_tag) {
    params.set('step', match.step_tag);
  }
  if (match.source === 'comment' && match.thread_id) params.set('thread', String(match.thread_id));
  const query = params.toString();
  return `/process/${workflow_id}${query ? `?${query}` : ''}`;
}

export function searchPagePath(query: string): string {
  const q = query.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search';
}

// The /search page narrowed to one kind (its URL state: ?q=&kind=).
export function searchKindPath(query: string, kindId: number): string {
  return `/search?${writeSearchUrl({ q: query, kindId }).toString()}`;
}
