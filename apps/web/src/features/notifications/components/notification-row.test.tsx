import type { Notification } from '@attest/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import ar from '../../../locales/ar.json';
import { renderWithProviders } from '../../../test/render';
import { NotificationRow } from './notification-row';

const created: Notification = {
  id: 1,
  kind: 'child_workflow_created',
  group: 'child_workflow_creation',
  outcome: null,
  level: 'info',
  actor: { id: 2, name: 'Ana Analyst' },
  workflow: { id: 7, name: 'Orbital Systems Corp.' },
  params: { child_id: 8, child_name: 'Orbital Systems Corp.' },
  link: '/process/8',
  is_read: true,
  created_at: '2026-11-22T08:00:00.000Z',
};

beforeEach(async () => {
  i18n.addResourceBundle('ar', 'translation', ar);
  await i18n.changeLanguage('ar');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('NotificationRow in Arabic', () => {
  it('lays the sentence out in the page direction, each English name isolated with its full stop', () => {
    renderWithProviders(
      <ul dir="rtl">
        <NotificationRow notification={created} onOpen={() => {}} />
      </ul>,
    );
    const names = screen.getAllByText('Orbital Systems Corp.').filter((el) => el.tagName === 'BDI');
    expect(names).toHaveLength(1);
    const sentence = names[0]?.parentElement as HTMLElement;
    // Worded in Arabic: 'أنشأ {{actor}} سير العمل {{child_name}}'.
    expect(sentence.textContent).toBe('أنشأ Ana Analyst سير العمل Orbital Systems Corp.');
    expect(screen.getByText('Ana Analyst').tagName).toBe('BDI');
    // No direction of its own (dir="auto" would make an English first name turn it left to right):
    // it takes the page's right to left.
    expect(sentence.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(sentence.textContent).not.toMatch(/[\u2068\u2069]/);
  });
});
