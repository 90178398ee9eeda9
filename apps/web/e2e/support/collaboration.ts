import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// The count in an unread badge's accessible name: 'My Mentions, Unread mentions: 3' -> 3,
// 'Notifications: 3 unread' -> 3, and a name without a number (nothing unread) -> 0.
export async function unreadCount(badge: Locator): Promise<number> {
  const match = /(\d+)/.exec((await badge.getAttribute('aria-label')) ?? '');
  return match ? Number(match[1]) : 0;
}

// The signed-in user's id, as the browser's session reads it.
export function currentUserId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const me = await fetch('/api/v1/users/me/', { headers: { Accept: 'application/json' } });
    return ((await me.json()) as { id: number }).id;
  });
}

// A badge fetches its count after the page renders, so reading it straight away can see 0.
// This reads the server's count (`countPath` answers `{ count }`) and waits until the badge shows it.
export async function settledUnreadCount(page: Page, badge: Locator, countPath: string): Promise<number> {
  const count = await page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    return ((await response.json()) as { count: number }).count;
  }, countPath);
  await expect.poll(() => unreadCount(badge), { timeout: 10_000 }).toBe(count);
  return count;
}

export type PostedComment = { status: number; workflowId: number; workflowName: string };

// Posts a comment on the workflow thread of the first workflow of `regionName` (any region when
// unset) that the signed-in user sees, through the API the composer uses, with the session's CSRF
// token: a way to set up "someone else wrote" without driving a second composer.
export function commentThroughApi(page: Page, body: string, regionName?: string): Promise<PostedComment> {
  return page.evaluate(
    async ({ text, region }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.split('=')[1];
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-CSRFToken': csrf ?? '',
      };
      let query = '?limit=1';
      if (region) {
        const regions = (await (await fetch('/api/v1/regions/', { headers })).json()) as {
          results: { id: number; name: string }[];
        };
        const match = regions.results.find((r) => r.name === region);
        if (match) query += `&region__in=${match.id}`;
      }
      const list = await (await fetch(`/api/v1/workflows/${query}`, { headers })).json();
      const workflow = list.results[0] as { id: number; name: string };
      const thread = await (
        await fetch(`/api/v1/workflows/${workflow.id}/threads/`, { method: 'POST', headers, body: '{}' })
      ).json();
      const posted = await fetch(`/api/v1/threads/${thread.id}/messages/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body: text }),
      });
      return { status: posted.status, workflowId: workflow.id, workflowName: workflow.name };
    },
    { text: body, region: regionName },
  );
}
