import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DASHBOARD_PATHS, REPORT_PATHS } from '@attest/shared';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';

const run = promisify(execFile);

// What another system does with the token: curl, with the bearer header and nothing else (no cookie,
// no CSRF token). --resolve: the tenant is the host name's first label, as in production.
async function curl(token: string, path: string): Promise<{ status: number; body: string }> {
  const port = inject('e2ePort');
  const { stdout } = await run('curl', [
    '--silent',
    '--resolve',
    `acme.localhost:${port}:127.0.0.1`,
    '--header',
    `Authorization: Bearer ${token}`,
    '--write-out',
    '\n%{http_code}',
    tenantUrl('acme', path),
  ]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

// Issue 19 (done when): "the administrator creates an API token and a script (curl in the test)
// lists workflows with it". Created in Settings > API tokens with one scope, the secret shown once;
// curl lists workflows with it, is refused outside its scope, and after the administrator revokes it.
describe('Settings > API tokens', () => {
  it('the administrator creates a token, a script lists workflows with it, and revoking ends it', async () => {
    const { page, context } = await newPage();
    try {
      await signIn(page, 'acme', 'admin@acme.test');
      await page.goto(tenantUrl('acme', '/settings/tokens'));
      await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
      await page.getByTestId('api-tokens-table').waitFor();
      expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

      const name = `Warehouse sync ${Date.now()}`;
      await page.getByRole('button', { name: 'Create token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API token' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Filter permissions' }).fill('dashboard');
      await dialog.getByRole('checkbox', { name: /Can view dashboard/ }).check();
      expect(await seriousViolations(page, { include: ['[role=dialog]'] })).toEqual([]);
      await dialog.getByRole('button', { name: 'Create token' }).click();

      const secret = page.getByTestId('api-token-secret');
      await secret.waitFor();
      const token = ((await secret.textContent()) ?? '').trim();
      expect(token).toMatch(/^att_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      await page.getByText('Copy this token now').waitFor();
      expect(await seriousViolations(page, { include: ['[role=dialog]'] })).toEqual([]);

      const listed = await curl(token, DASHBOARD_PATHS.workflows);
      expect(listed.status).toBe(200);
      const body = JSON.parse(listed.body) as { results: unknown[]; count: number };
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.count).toBeGreaterThan(0);
      // The administrator may view reports; this token was not given that permission.
      expect((await curl(token, REPORT_PATHS.dashboards)).status).toBe(403);

      await page.getByRole('button', { name: 'I have copied it' }).click();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByText('Active').waitFor();
      expect(await page.getByTestId('api-token-secret').count()).toBe(0);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await row.getByText('Revoked').waitFor();
      expect((await curl(token, DASHBOARD_PATHS.workflows)).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});
