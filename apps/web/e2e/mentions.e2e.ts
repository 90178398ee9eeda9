import { MENTION_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import { settledUnreadCount, unreadCount } from './support/collaboration.js';

// Issue 6 (done when): the admin mentions the analyst on a field through the composer; the
// analyst's badge counts it without a reload; the analyst opens 'My Mentions', marks it read and
// follows 'View Conversation' to the thread.
describe('mentions', () => {
  it("the analyst's badge counts a field mention live; the drawer marks it read and opens the conversation", async () => {
    const analyst = (await newPage()).page;
    // The badge listens on the analyst's own channel once its authorisation answered.
    const listening = analyst.waitForResponse(
      (r) =>
        r.url().endsWith('/api/v1/prasaran/auth/') && r.request().postData()?.includes('-user-') === true,
    );
    await signIn(analyst, 'acme', 'analyst@acme.test');
    const mentionsButton = analyst.getByRole('button', { name: /^My Mentions/ });
    await mentionsButton.waitFor();
    await listening;
    const before = await settledUnreadCount(analyst, mentionsButton, MENTION_PATHS.unreadCount);
    const workflowId = await analyst.evaluate(async () => {
      const list = await (
        await fetch('/api/v1/workflows/?limit=1', { headers: { Accept: 'application/json' } })
      ).json();
      return (list.results[0] as { id: number }).id;
    });

    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(tenantUrl('acme', `/process/${workflowId}`));
    const field = admin.locator('[data-field-tag]').first();
    await field.waitFor();
    await field.getByRole('button', { name: /^Comments on this field/ }).click();
    const panel = admin.getByRole('dialog', { name: /Comments/ });
    const composer = panel.getByRole('textbox', { name: 'Write a comment' });
    const text = `Please confirm this value ${Date.now()} `;
    await composer.fill(text);
    await composer.pressSequentially('@Ana');
    await admin.getByRole('option', { name: /Ana Analyst/ }).waitFor();
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe(`${text}@Ana Analyst `);
    const posted = admin.waitForResponse(
      (r) => /\/api\/v1\/threads\/\d+\/messages\/$/.test(r.url()) && r.request().method() === 'POST',
    );
    await composer.press('Control+Enter');
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}').body).toMatch(/@\[Ana Analyst\]\(user:\d+\)$/);
    await panel.getByTestId('thread-messages').getByText(text.trim(), { exact: false }).waitFor();

    // No reload: the live event refreshes the badge.
    await expect.poll(() => unreadCount(mentionsButton), { timeout: 10_000 }).toBe(before + 1);

    await mentionsButton.click();
    const drawer = analyst.getByRole('dialog', { name: 'My Mentions' });
    const item = drawer.getByRole('listitem').filter({ hasText: text.trim() });
    await item.waitFor();
    expect(await item.textContent()).toContain('Alex Admin');
    await item.getByRole('button', { name: 'Mark as Read' }).click();
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await expect.poll(() => unreadCount(mentionsButton), { timeout: 10_000 }).toBe(before);

    await item.getByRole('link', { name: 'View Conversation' }).click();
    await analyst.waitForURL(
      (url) => url.pathname === `/process/${workflowId}` && url.searchParams.has('thread'),
    );
    const thread = analyst.getByRole('dialog', { name: /Comments/ });
    await thread.getByTestId('thread-messages').getByText(text.trim(), { exact: false }).waitFor();
  });
});
