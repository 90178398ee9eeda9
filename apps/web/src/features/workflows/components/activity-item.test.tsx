import type { ActivityEntry } from '@attest/shared';
import {
  SUPPLIER_ONBOARDING_DEFINITION as DEF,
  SUPPLIER_ONBOARDING_STEPS as S,
} from '@attest/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeZoneProvider } from '../../../lib/format/time-zone';
import { i18n } from '../../../lib/i18n/i18n';
import ar from '../../../locales/ar.json';
import { renderWithProviders } from '../../../test/render';
import { wholeText } from '../../../test/text-matchers';
import { ActivityItem } from './activity-item';

const NOW = new Date('2026-11-22T12:00:00.000Z');

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    action: 'created',
    event: 'created',
    actor: { id: 1, name: 'Ana Analyst', email: 'analyst@acme.test' },
    step_tag: null,
    field_tag: null,
    details: {},
    created_at: '2026-11-22T11:00:00.000Z',
    ...overrides,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ActivityItem', () => {
  it('in Arabic, lays the sentence out right to left with the English name isolated, full stop and all', async () => {
    i18n.addResourceBundle('ar', 'translation', ar);
    await i18n.changeLanguage('ar');
    renderWithProviders(
      <ul dir="rtl">
        <ActivityItem
          entry={entry({ details: { name: 'Orbital Systems Corp.' } })}
          definition={DEF}
          now={NOW}
        />
      </ul>,
    );
    const name = screen.getByText('Orbital Systems Corp.');
    expect(name.tagName).toBe('BDI');
    const sentence = name.parentElement as HTMLElement;
    // 'أنشأ سير العمل «{{name}}»': the guillemets and the Arabic words stay outside the name.
    expect(sentence.textContent).toBe('أنشأ سير العمل «Orbital Systems Corp.»');
    expect(sentence.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('Ana Analyst').tagName).toBe('BDI');
  });

  it("dates a due date move in the person's stored time zone, not the browser's", () => {
    // 20:00 UTC on 21 December is 05:00 on 22 December in Tokyo.
    const moved = entry({
      action: 'updated',
      event: 'due_date_changed',
      step_tag: S.INTAKE,
      details: { old_due_at: '2026-12-21T20:00:00.000Z', new_due_at: '2027-01-04T20:00:00.000Z' },
    });
    renderWithProviders(
      <TimeZoneProvider timeZone="Asia/Tokyo">
        <ActivityItem entry={moved} definition={DEF} now={NOW} />
      </TimeZoneProvider>,
    );
    expect(
      screen.getByText(wholeText('Due date of “Supplier details” moved from Dec 22, 2026 to Jan 5, 2027')),
    ).toBeTruthy();
  });

  it("uses the browser's zone when the person stored none", () => {
    const moved = entry({
      action: 'updated',
      event: 'due_date_changed',
      step_tag: S.INTAKE,
      details: { old_due_at: '2026-12-21T20:00:00.000Z', new_due_at: '2027-01-04T20:00:00.000Z' },
    });
    renderWithProviders(
      <TimeZoneProvider timeZone={null}>
        <ActivityItem entry={moved} definition={DEF} now={NOW} />
      </TimeZoneProvider>,
    );
    const browser = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date('2026-12-21T20:00:00.000Z'),
    );
    expect(
      screen.getByText(
        wholeText(
          `Due date of “Supplier details” moved from ${browser} to ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2027-01-04T20:00:00.000Z'))}`,
        ),
      ),
    ).toBeTruthy();
  });
});
