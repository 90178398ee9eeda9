import {
  type ActivityEntry,
  SUPPLIER_ONBOARDING_DEFINITION as DEF,
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
} from '@attest/shared';
import { IconArchive, IconEye } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { actionStyle, activitySentence, entryIcon } from './activity-sentence';

const t = i18n.t.bind(i18n) as Parameters<typeof activitySentence>[2];

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    action: 'updated',
    event: 'answer_saved',
    actor: { id: 1, name: 'Ada Lovelace', email: 'analyst@acme.test' },
    step_tag: null,
    field_tag: null,
    details: {},
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

describe('activitySentence', () => {
  it.each([
    [
      entry({
        event: 'answer_saved',
        step_tag: S.INTAKE,
        field_tag: F.category,
        details: { old_value: null, new_value: 'logistics' },
      }),
      'Changed “Category” from (empty) to Logistics',
    ],
    [
      entry({
        event: 'answer_saved',
        field_tag: F.personalData,
        details: { old_value: true, new_value: false },
      }),
      'Changed “Will the supplier process personal data?” from Yes to No',
    ],
    [
      entry({
        event: 'answer_saved',
        field_tag: F.certificate,
        details: { old_value: null, new_value: ['iso.pdf'] },
      }),
      'Changed “ISO 27001 or equivalent certificate” from (empty) to iso.pdf',
    ],
    [
      entry({
        event: 'answer_saved',
        field_tag: F.annualSpend,
        details: { old_value: null, new_value: { amount: 250000, currency: 'EUR' } },
      }),
      'Changed “Expected annual spend” from (empty) to 250,000 EUR',
    ],
    [
      entry({ action: 'submitted', event: 'step_submitted', step_tag: S.INTAKE }),
      'Submitted the step “Supplier details”',
    ],
    [
      entry({
        event: 'status_changed',
        step_tag: S.INTAKE,
        details: { from: 'draft', to: 'in_review', from_name: 'Draft', to_name: 'In Review' },
      }),
      'Status changed from Draft to In Review',
    ],
    [
      entry({ event: 'status_changed', details: { from: 'draft', to: 'in_review' } }),
      'Status changed from draft to in_review',
    ],
    [
      entry({ action: 'undo', event: 'step_undone', step_tag: S.INTAKE }),
      'Undid the step “Supplier details”',
    ],
    [
      entry({
        action: 'added',
        event: 'step_user_added',
        step_tag: S.SCREENING,
        details: { name: 'Grace Hopper' },
      }),
      'Assigned Grace Hopper to “Sanctions and adverse media screening”',
    ],
    [
      entry({
        action: 'removed',
        event: 'step_user_removed',
        step_tag: S.SCREENING,
        details: { name: 'Compliance' },
      }),
      'Removed Compliance from “Sanctions and adverse media screening”',
    ],
    [entry({ action: 'deleted', event: 'archived' }), 'Archived the workflow'],
    [
      entry({ action: 'created', event: 'created', details: { name: 'Northwind onboarding' } }),
      'Created the workflow “Northwind onboarding”',
    ],
    [
      entry({
        action: 'created',
        event: 'child_workflow_created',
        details: { child_name: 'Northwind – Risk Assessment 1' },
      }),
      'Started the child workflow “Northwind – Risk Assessment 1”',
    ],
    [
      entry({
        action: 'performed',
        event: 'integration_performed',
        step_tag: S.SCREENING,
        details: { connector: 'sanctions_screening' },
      }),
      'The sanctions_screening integration ran for “Sanctions and adverse media screening”',
    ],
    [entry({ action: 'bounced', event: 'email_bounced' }), 'Bounced'],
  ])('%#: %s', (item, sentence) => {
    expect(activitySentence(item, DEF, t)).toBe(sentence);
  });

  it('reads an unknown action type as viewed (spec 2 §3.11)', () => {
    const unknown = entry({ action: 'teleported' as ActivityEntry['action'], event: 'teleported' });
    expect(activitySentence(unknown, DEF, t)).toBe('Viewed');
    expect(actionStyle('teleported').icon).toBe(IconEye);
    expect(entryIcon(entry({ action: 'deleted', event: 'archived' }))).toBe(IconArchive);
  });
});
