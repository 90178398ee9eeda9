import { BADGE_PATHS, type BadgeDefinition } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApiCalls } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BadgeChip } from './badge-chip';
import { BadgeChips } from './badge-chips';
import { BadgesPage } from './badges-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BIG: BadgeDefinition = {
  id: 3,
  tag: 'big_spender',
  label: 'Big spender',
  label_translations: {},
  colour: '#e03131',
  icon: 'currency-dollar',
  kind_id: 5,
  rule: {
    compareType: 'AND',
    conditions: [{ field: 'field__spend', type: 'integer', operator: 'gte', value: 1000 }],
    groups: [],
  },
  archived: false,
  workflow_count: 10_001,
  recompute: { done: 500, total: 2000 },
  updated_at: '2026-11-27T08:00:00Z',
};
const page = (results: BadgeDefinition[]) => ({
  body: { results, count: results.length, next: null, previous: null },
});
const kinds = [{ id: 5, name: 'Vendor Check' }];
// The app gives the dashboard's builder; here a stand-in that sets a valid rule.
const ruleBuilder = () => (
  <div data-testid="rule-builder">
    <span>Rule builder</span>
  </div>
);
const allowed = (codes: string[]) => (codename: string) => codes.includes(codename);

describe('BadgesPage', () => {
  it('lists badges with their chip, kind, capped holders and the progress of a rule change', async () => {
    mockApiCalls({ [BADGE_PATHS.definitions]: page([BIG]) });
    renderWithProviders(<BadgesPage can={allowed([])} kinds={kinds} renderRuleBuilder={ruleBuilder} />);
    const row = await screen.findByTestId('badge-row-big_spender');
    expect(within(row).getByText('Big spender')).toBeTruthy();
    expect(within(row).getByText('Vendor Check')).toBeTruthy();
    expect(within(row).getByText('10,000+')).toBeTruthy();
    expect(within(row).getByText('Applying the rule: 500 of 2000')).toBeTruthy();
  });

  it('offers neither creating nor changing to someone who may only view', async () => {
    mockApiCalls({ [BADGE_PATHS.definitions]: page([BIG]) });
    renderWithProviders(<BadgesPage can={allowed([])} kinds={kinds} renderRuleBuilder={ruleBuilder} />);
    const row = await screen.findByTestId('badge-row-big_spender');
    expect(screen.queryByRole('button', { name: 'New badge' })).toBeNull();
    fireEvent.click(row);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('creates a badge: checks the colour before sending, previews it, and sends the rule', async () => {
    const calls = mockApiCalls({
      [BADGE_PATHS.definitions]: page([]),
      [`POST ${BADGE_PATHS.definitions}`]: { status: 201, body: { ...BIG, recompute: null } },
    });
    const withRule = ({ onChange }: { onChange: (v: BadgeDefinition['rule']) => void }) => (
      <button type="button" onClick={() => onChange(BIG.rule)}>
        Set rule
      </button>
    );
    renderWithProviders(
      <BadgesPage
        can={allowed(['can_create_badge_definitions'])}
        kinds={kinds}
        renderRuleBuilder={withRule}
      />,
    );
    await screen.findByText('No badges yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New badge' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Tag/ }), {
      target: { value: 'big_spender' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Label/ }), {
      target: { value: 'Big spender' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Colour/ }), { target: { value: '#12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(
      await within(dialog).findByText('Enter a hex colour of 3 or 6 digits, such as #1c7ed6.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Add at least one condition: it decides which workflows hold the badge.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set rule' }));

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Colour/ }), {
      target: { value: '#e03131' },
    });
    expect(within(dialog).getAllByText('Big spender').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tag: 'big_spender',
      label: 'Big spender',
      label_translations: {},
      colour: '#e03131',
      icon: 'star',
      kind_id: null,
      rule: BIG.rule,
    });
  });

  it('edits the label per offered language, dropping an emptied one', async () => {
    const calls = mockApiCalls({
      [BADGE_PATHS.definitions]: page([{ ...BIG, label_translations: { de: 'Großkunde' } }]),
      [`PATCH ${BADGE_PATHS.definition(BIG.id)}`]: { body: BIG },
    });
    renderWithProviders(
      <BadgesPage
        can={allowed(['can_change_badge_definitions'])}
        kinds={kinds}
        renderRuleBuilder={ruleBuilder}
        languages={[
          { code: 'ar', label: 'العربية' },
          { code: 'de', label: 'Deutsch' },
        ]}
      />,
    );
    fireEvent.click(await screen.findByTestId('badge-row-big_spender'));
    const dialog = await screen.findByRole('dialog');
    // Open, since one language is already filled.
    const toggle = within(dialog).getByRole('button', { name: 'Label in other languages (1 of 2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const arabic = within(dialog).getByRole('textbox', { name: 'العربية' });
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(arabic.getAttribute('placeholder')).toBe('Big spender');
    fireEvent.change(arabic, { target: { value: ' كبير الإنفاق ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Deutsch' }), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      label: 'Big spender',
      label_translations: { ar: 'كبير الإنفاق' },
    });
  });

  it('shows the server refusal of a rule', async () => {
    mockApiCalls({
      [BADGE_PATHS.definitions]: page([BIG]),
      [`PATCH ${BADGE_PATHS.definition(BIG.id)}`]: {
        status: 400,
        body: { detail: 'A badge rule cannot depend on badges.', code: 'invalid_rule' },
      },
    });
    renderWithProviders(
      <BadgesPage
        can={allowed(['can_change_badge_definitions'])}
        kinds={kinds}
        renderRuleBuilder={ruleBuilder}
      />,
    );
    fireEvent.click(await screen.findByTestId('badge-row-big_spender'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A badge rule cannot depend on badges.')).toBeTruthy();
  });
});

describe('BadgeChips', () => {
  const chip = (n: number) => ({
    tag: `b${n}`,
    label: `Badge ${n}`,
    colour: '#1c7ed6',
    icon: 'star' as const,
  });

  it('shows the first chips and counts the rest, capped as N+ (spec 2 §9.2)', () => {
    renderWithProviders(<BadgeChips badges={Array.from({ length: 14 }, (_, i) => chip(i))} max={2} />);
    expect(screen.getByText('Badge 0')).toBeTruthy();
    expect(screen.getByText('Badge 1')).toBeTruthy();
    expect(screen.queryByText('Badge 2')).toBeNull();
    expect(screen.getByText('9+')).toBeTruthy();
    expect(screen.getByLabelText('12 more badges')).toBeTruthy();
  });

  it('shows nothing for a workflow without badges', () => {
    renderWithProviders(<BadgeChips badges={[]} />);
    expect(screen.queryByLabelText('Badges')).toBeNull();
  });
});

describe('BadgeChip', () => {
  it('draws its text in a colour readable on the badge (dark on a light orange)', () => {
    renderWithProviders(
      <BadgeChip badge={{ tag: 'fresh', label: 'Fresh', colour: '#f08c00', icon: 'leaf' }} />,
    );
    const chip = document.querySelector('[data-badge-tag="fresh"]') as HTMLElement;
    expect(chip.style.getPropertyValue('--badge-color')).toBe('#1a1b1e');
  });
});
