import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, signIn, tenantUrl } from './support/browser.js';
import { ADMIN, ANALYST, createPeopleTenant } from './support/people.js';

const PERIOD_SECONDS = 30;

// PinInput spreads typed digits over its boxes, as a person (or a password manager) would type them.
async function typeCode(page: Page, testId: string, code: string): Promise<void> {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

// Set up on the security page: the secret shown for manual entry, one code, the recovery codes.
async function enrol(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = await page.getByTestId('totp-secret').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await typeCode(page, 'totp-confirm-code', await generate({ secret }));
  await page.getByRole('button', { name: 'Activate' }).click();
  // The recovery codes are shown once, ready to copy or download.
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor();
  expect((await codes.innerText()).split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(8);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Enabled', { exact: true }).waitFor();
  return secret;
}

// An administrator turns the tenant's rule on in Settings > Sign-in security.
async function requireMfa(tenant: string): Promise<void> {
  const { page, context } = await newPage();
  await signIn(page, tenant, ADMIN.email);
  await page.goto(tenantUrl(tenant, '/settings/users'));
  await page.getByRole('link', { name: 'Sign-in security' }).first().click();
  await page.waitForURL((url) => url.pathname === '/settings/security');
  await page.getByRole('switch', { name: 'Require multi-factor authentication' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Changes saved.').waitFor();
  await context.close();
}

describe('password and authenticator app', () => {
  it('enrols from the security page, then signs in with password and a code', async () => {
    const tenant = await createPeopleTenant();
    const { page } = await newPage();
    await signIn(page, tenant, ANALYST.email);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.waitForURL((url) => url.pathname === '/account/security');
    const secret = await enrol(page);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The password alone is not enough now: the verification step asks for a code.
    await page.goto(tenantUrl(tenant, '/login?next=%2Ftasks'));
    await page.getByLabel('Email address').fill(ANALYST.email);
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login/mfa');
    await page.getByText('Verification required').waitFor();

    // Each code works once: the next time step's code, which the server's drift window accepts.
    const nextStep = Math.floor(Date.now() / 1000) + PERIOD_SECONDS;
    await typeCode(page, 'mfa-code', await generate({ secret, epoch: nextStep }));
    await page.waitForURL((url) => url.pathname === '/tasks');
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
  });

  it('holds everyone to enrolment once an administrator requires MFA, then lets them in', async () => {
    const tenant = await createPeopleTenant();
    await requireMfa(tenant);
    const { page } = await newPage();
    await page.goto(tenantUrl(tenant, '/login'));
    await page.getByLabel('Email address').fill(ANALYST.email);
    await page.locator('input[type=password]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Every private page leads to the security page with the reason, until an app is set up.
    await page.waitForURL((url) => url.pathname === '/account/security');
    await page.getByTestId('enrolment-required').waitFor();
    await page.goto(tenantUrl(tenant, '/tasks'));
    await page.waitForURL((url) => url.pathname === '/account/security');

    await enrol(page);
    await page.goto(tenantUrl(tenant, '/tasks'));
    await page.waitForURL((url) => url.pathname === '/tasks');
    expect(await page.getByTestId('enrolment-required').count()).toBe(0);
  });
});
