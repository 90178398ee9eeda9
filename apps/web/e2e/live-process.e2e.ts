import { NOTIFICATION_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, tenantUrl } from './support/browser.js';
import {
  commentThroughApi,
  currentUserId,
  settledUnreadCount,
  unreadCount,
} from './support/collaboration.js';
import { selectOption } from './support/select-option.js';

// Issue 6: the process page updates live when another user answers, the user's own typing is kept,
// and the bell counts a new notification without a reload.
describe('the process page, live', () => {
  it("the admin sees the analyst's answer arrive while typing in another field, with a notice", async () => {
    const analyst = (await newPage()).page;
    await signIn(analyst, 'acme', 'analyst@acme.test');
    await analyst.getByRole('button', { name: 'New workflow' }).first().click();
    const dialog = analyst.getByRole('dialog');
    await selectOption(analyst, dialog, /^Workflow type/, 'Supplier Onboarding');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Tailspin Toys onboarding');
    await selectOption(analyst, dialog, /^Region/, 'Europe');
    await selectOption(analyst, dialog, /^Business unit/, 'Procurement EU');
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    await analyst.waitForURL((url) => /^\/process\/\d+/.test(url.pathname));
    const path = new URL(analyst.url()).pathname;

    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    // Listening to the workflow's channel means its authorisation answered.
    const joined = admin.waitForResponse(
      (r) =>
        r.url().endsWith('/api/v1/prasaran/auth/') && r.request().postData()?.includes('-workflow-') === true,
    );
    await admin.goto(tenantUrl('acme', path));
    expect((await joined).status()).toBe(200);
    const name = admin.getByLabel('Supplier legal name');
    await name.fill('Tailspin Toys Ltd (typing)');

    // The analyst answers the contact e-mail and leaves the field, which saves it.
    const email = analyst.getByLabel('Supplier contact e-mail');
    await email.fill('vendor@tailspin.example');
    const saved = analyst.waitForResponse(
      (r) => r.url().endsWith('/responses/') && r.request().method() === 'POST',
    );
    await email.press('Tab');
    const response = await saved;
    expect(response.status(), `${response.request().postData()} -> ${await response.text()}`).toBe(200);

    await expect
      .poll(() => admin.getByLabel('Supplier contact e-mail').inputValue(), { timeout: 10_000 })
      .toBe('vendor@tailspin.example');
    await admin.getByText('Ana Analyst updated this workflow').waitFor();
    expect(await name.inputValue()).toBe('Tailspin Toys Ltd (typing)');
  });

  it('the bell counts a mention as it happens; the notifications page lists it, and opening it marks it read', async () => {
    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(tenantUrl('acme', '/notifications/'));
    await admin.getByRole('heading', { name: 'Notifications' }).waitFor();
    const bell = admin.getByRole('link', { name: /^Notifications/ });
    const before = await settledUnreadCount(admin, bell, NOTIFICATION_PATHS.unreadCount);
    const adminId = await currentUserId(admin);

    // Another person mentions the admin in a comment (set up through the API the composer uses).
    const analyst = (await newPage()).page;
    await signIn(analyst, 'acme', 'analyst@acme.test');
    const { workflowName } = await commentThroughApi(analyst, `@[Alex Admin](user:${adminId}) please review`);

    await expect.poll(() => unreadCount(bell), { timeout: 10_000 }).toBe(before + 1);
    const row = admin.getByTestId('notification-row').first();
    await expect.poll(() => row.textContent()).toContain('Ana Analyst mentioned you');
    expect(await row.textContent()).toContain(workflowName);
    expect(await row.getAttribute('data-unread')).toBe('true');

    await row.getByRole('button').click();
    await admin.waitForURL((url) => /^\/process\/\d+/.test(url.pathname) && url.searchParams.has('thread'));
    await expect.poll(() => unreadCount(bell), { timeout: 10_000 }).toBe(before);
  });
});
