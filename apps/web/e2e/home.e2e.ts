import { HOME_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS, SUPPLIER_ONBOARDING_STEPS } from '@attest/shared/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { newPage, signIn, tenantUrl } from './support/browser.js';

// Issue 16 (done when): an administrator sets a shortcut in acme's home page configuration through
// the API; the analyst sees it on /home and starts a child Risk Assessment with it, landing on the
// child's process page. The page passes the axe check.

// The admin's session calls the API as the web app does: JSON, with the CSRF token echoed.
function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.split('=')[1];
      const response = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-CSRFToken': csrf ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('home', () => {
  it('the analyst starts a child workflow from a shortcut the administrator set', async () => {
    const title = `Assess a supplier risk ${Date.now()}`;
    const admin = (await newPage()).page;
    await signIn(admin, 'acme', 'admin@acme.test');
    const kinds = await api(admin, 'GET', `${WORKFLOW_PATHS.kinds}?limit=100`);
    const onboarding = (kinds.json.results as { id: number; tag: string }[]).find(
      (k) => k.tag === 'supplier_onboarding',
    );
    expect(onboarding).toBeDefined();
    const statuses = await api(
      admin,
      'GET',
      `${WORKFLOW_PATHS.statuses}?kind_id=${onboarding?.id}&limit=100`,
    );
    const inReview = (statuses.json.results as { id: number; tag: string }[]).find(
      (s) => s.tag === 'in_review',
    );
    expect(inReview).toBeDefined();
    const put = await api(admin, 'PUT', HOME_PATHS.adminConfig, {
      child_workflow_shortcut_config: [
        {
          kind_tag: 'supplier_onboarding',
          step_tag: SUPPLIER_ONBOARDING_STEPS.RISK,
          field_tag: SUPPLIER_ONBOARDING_FIELDS.riskAssessments,
          use_case: 'create_new_workflow',
          ui: { title, description: 'Start a Risk Assessment for an onboarding under review.' },
          workflow_mapping_config: {
            supplier_onboarding: {
              creation_kind_tag: 'risk_assessment',
              allowed_status_ids: [inReview?.id],
              ui: {
                create_button_label: 'Start a risk assessment',
                status_filtering_fallback_message: 'No onboarding is waiting for a risk assessment.',
              },
            },
          },
        },
      ],
      create_new_message: 'New supplier? Start a Supplier Onboarding.',
    });
    expect(put.status).toBe(200);

    const { page } = await newPage();
    await signIn(page, 'acme', 'analyst@acme.test');
    await page.goto(tenantUrl('acme', '/home'));
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    await page.getByText('New supplier? Start a Supplier Onboarding.').waitFor();
    await page.getByRole('region', { name: 'Requested by you' }).waitFor();
    await page.getByRole('region', { name: 'Recently viewed' }).waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

    await card.getByRole('combobox', { name: 'Choose a Supplier Onboarding' }).click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    await option.click();
    const created = page.waitForResponse(
      (r) =>
        /\/api\/v1\/workflows\/\d+\/fields\/[^/]+\/children\/$/.test(r.url()) &&
        r.request().method() === 'POST',
    );
    await card.getByRole('button', { name: 'Start a risk assessment' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const childId = ((await response.json()) as { child: { id: number } }).child.id;
    await page.waitForURL((url) => url.pathname === `/process/${childId}`);
    const child = await api(page, 'GET', WORKFLOW_PATHS.workflow(childId));
    expect(child.status).toBe(200);
    expect(child.json.kind.tag).toBe('risk_assessment');
    expect(child.json.parent).not.toBeNull();
  });
});
