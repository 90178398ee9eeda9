import type { ActivityEntry } from '@attest/shared';
import {
  SUPPLIER_ONBOARDING_DEFINITION as DEF,
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
} from '@attest/shared/testing';
import { IconArchive, IconEye, IconHandGrab, IconUserShare, IconVersions } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../../components/user-text';
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

const saved = (field: string, old_value: unknown, new_value: unknown) =>
  entry({ event: 'answer_saved', step_tag: S.INTAKE, field_tag: field, details: { old_value, new_value } });

// The details each event carries are the server's (apps/server/src/modules/workflows, integrations).
const CASES: [string, ActivityEntry, string][] = [
  ['an option answer', saved(F.category, null, 'logistics'), 'Changed “Category” from (empty) to Logistics'],
  [
    'a yes/no answer',
    saved(F.personalData, true, false),
    'Changed “Will the supplier process personal data?” from Yes to No',
  ],
  [
    'a file answer (the server logs its names)',
    saved(F.certificate, null, ['iso.pdf']),
    'Changed “ISO 27001 or equivalent certificate” from (empty) to iso.pdf',
  ],
  [
    'an amount',
    saved(F.annualSpend, null, { amount: 250000, currency: 'EUR' }),
    'Changed “Expected annual spend” from (empty) to 250,000 EUR',
  ],
  ['a country', saved(F.country, 'FR', 'DE'), 'Changed “Country of incorporation” from France to Germany'],
  [
    'a submission',
    entry({ action: 'submitted', event: 'step_submitted', step_tag: S.INTAKE }),
    'Submitted the step “Supplier details”',
  ],
  [
    'a status change',
    entry({
      event: 'status_changed',
      step_tag: S.INTAKE,
      details: { from: 'draft', to: 'in_review', from_name: 'Draft', to_name: 'In Review' },
    }),
    'Status changed from Draft to In Review',
  ],
  [
    'a status change without names (written in bulk), named from the definition',
    entry({ event: 'status_changed', details: { from: 'draft', to: 'in_review' } }),
    'Status changed from Draft to In Review',
  ],
  [
    'a status change to a status the definition no longer has',
    entry({ event: 'status_changed', details: { from: 'draft', to: 'on_hold' } }),
    'Status changed from Draft to on_hold',
  ],
  [
    'a comment on a field',
    entry({ action: 'added', event: 'comment_posted', field_tag: F.supplierName, details: { thread_id: 1 } }),
    'Commented on “Supplier legal name”',
  ],
  [
    'a comment on the workflow',
    entry({ action: 'added', event: 'comment_posted', details: { thread_id: 2 } }),
    'Commented on the workflow',
  ],
  [
    'an undo',
    entry({ action: 'undo', event: 'step_undone', step_tag: S.INTAKE }),
    'Undid the step “Supplier details”',
  ],
  [
    'a step user added',
    entry({
      action: 'added',
      event: 'step_user_added',
      step_tag: S.SCREENING,
      details: { name: 'Grace Hopper' },
    }),
    'Assigned Grace Hopper to “Sanctions and adverse media screening”',
  ],
  [
    'a step user removed',
    entry({
      action: 'removed',
      event: 'step_user_removed',
      step_tag: S.SCREENING,
      details: { name: 'Compliance' },
    }),
    'Removed Compliance from “Sanctions and adverse media screening”',
  ],
  ['a lock', entry({ event: 'step_locked', step_tag: S.INTAKE }), 'Locked the step “Supplier details”'],
  ['an archive', entry({ action: 'deleted', event: 'archived' }), 'Archived the workflow'],
  [
    'a creation',
    entry({ action: 'created', event: 'created', details: { name: 'Northwind onboarding' } }),
    'Created the workflow “Northwind onboarding”',
  ],
  [
    'a child workflow started',
    entry({
      action: 'created',
      event: 'child_created',
      details: { child_id: 12, name: 'Northwind – Risk 1' },
    }),
    'Started the child workflow “Northwind – Risk 1”',
  ],
  [
    'a workflow started from its parent',
    entry({ action: 'created', event: 'created_from_parent', details: { parent_id: 41 } }),
    'Started from parent workflow #41',
  ],
  [
    'an integration queued',
    entry({
      action: 'queued',
      event: 'integration_queued',
      step_tag: S.SCREENING,
      details: { run_id: 4, connector: 'sanctions_screening' },
    }),
    'The “Sanctions screening” integration is queued for “Sanctions and adverse media screening”',
  ],
  [
    'an integration that finished',
    entry({
      action: 'performed',
      actor: null,
      event: 'integration_finished',
      step_tag: S.SCREENING,
      details: { connector: 'sanctions_screening' },
    }),
    'The “Sanctions screening” integration finished for “Sanctions and adverse media screening”',
  ],
  [
    'an integration that failed',
    entry({
      action: 'performed',
      actor: null,
      event: 'integration_failed',
      step_tag: S.SCREENING,
      details: { connector: 'sanctions_screening', error: 'timeout' },
    }),
    'The “Sanctions screening” integration failed for “Sanctions and adverse media screening”',
  ],
  [
    'a due date moved by a person',
    entry({
      event: 'due_date_changed',
      step_tag: S.INTAKE,
      details: {
        old_due_at: '2026-12-21T12:00:00.000Z',
        new_due_at: '2027-01-04T12:00:00.000Z',
        by_engine: false,
      },
    }),
    'Due date of “Supplier details” moved from Dec 21, 2026 to Jan 4, 2027',
  ],
  [
    'a due date moved by the engine',
    entry({
      actor: null,
      event: 'due_date_changed',
      step_tag: S.INTAKE,
      details: {
        old_due_at: '2026-12-21T12:00:00.000Z',
        new_due_at: '2027-01-04T12:00:00.000Z',
        by_engine: true,
      },
    }),
    'The workflow moved the due date of “Supplier details” from Dec 21, 2026 to Jan 4, 2027',
  ],
  [
    'a step the definition no longer has, named by its tag alone',
    entry({ action: 'submitted', event: 'step_submitted', step_tag: 'supplier_onboarding__legacy_review' }),
    'Submitted the step “Legacy review”',
  ],
  [
    'a submission by a delegate (tasks module)',
    entry({
      action: 'submitted',
      event: 'step_submitted',
      step_tag: S.INTAKE,
      details: { on_behalf_of: { id: 7, name: 'Grace Hopper' } },
    }),
    'Submitted the step “Supplier details” on behalf of Grace Hopper',
  ],
  [
    'an undo by a delegate',
    entry({
      action: 'undo',
      event: 'step_undone',
      step_tag: S.INTAKE,
      details: { on_behalf_of: { id: 7, name: 'Grace Hopper' } },
    }),
    'Undid the step “Supplier details” on behalf of Grace Hopper',
  ],
  [
    'a claim',
    entry({
      action: 'added',
      event: 'task_claimed',
      step_tag: S.SCREENING,
      details: { user_id: 1, name: 'Ada Lovelace' },
    }),
    'Claimed “Sanctions and adverse media screening”',
  ],
  [
    'a claim given back',
    entry({
      action: 'removed',
      event: 'task_unclaimed',
      step_tag: S.SCREENING,
      details: { user_id: 1, name: 'Ada Lovelace' },
    }),
    'Gave “Sanctions and adverse media screening” back to be claimed again',
  ],
  [
    'a reassignment',
    entry({
      event: 'task_reassigned',
      step_tag: S.SCREENING,
      details: { user_id: 9, name: 'Grace Hopper', from: [{ user_id: 3, name: 'Alan Turing' }] },
    }),
    'Reassigned “Sanctions and adverse media screening” from Alan Turing to Grace Hopper',
  ],
  [
    'a reassignment from two people',
    entry({
      event: 'task_reassigned',
      step_tag: S.SCREENING,
      details: {
        user_id: 9,
        name: 'Grace Hopper',
        from: [
          { user_id: 3, name: 'Alan Turing' },
          { user_id: 4, name: 'Edsger Dijkstra' },
        ],
      },
    }),
    'Reassigned “Sanctions and adverse media screening” from Alan Turing and Edsger Dijkstra to Grace Hopper',
  ],
  [
    'a reassignment of a task nobody held',
    entry({
      event: 'task_reassigned',
      step_tag: S.SCREENING,
      details: { user_id: 9, name: 'Grace Hopper', from: [] },
    }),
    'Reassigned “Sanctions and adverse media screening” to Grace Hopper',
  ],
  [
    'a studio move to a newer version',
    entry({ event: 'workflow_moved', details: { move_id: 2, from_version: 3, to_version: 4 } }),
    'Moved the workflow from version 3 to version 4',
  ],
  [
    'a studio move undone',
    entry({ event: 'workflow_moved_back', details: { move_id: 2, from_version: 4, to_version: 3 } }),
    'Moved the workflow back from version 4 to version 3',
  ],
  [
    'a studio move without its versions',
    entry({ event: 'workflow_moved', details: {} }),
    'Moved the workflow to another version',
  ],
  ['an event this page does not know', entry({ action: 'bounced', event: 'email_bounced' }), 'Bounced'],
];

// The words of a sentence, without the marks that isolate its names.
const words = (sentence: string) => sentence.replace(/[\u2068\u2069]/g, '');

describe('activitySentence', () => {
  it.each(CASES)('%s', (_name, item, sentence) => {
    expect(words(activitySentence(item, DEF, t))).toBe(sentence);
  });

  it('isolates what the tenant named (workflow, step, person, answer), not the words around it', () => {
    const created = entry({
      action: 'created',
      event: 'created',
      details: { name: 'Orbital Systems Corp.' },
    });
    expect(activitySentence(created, DEF, t)).toBe(
      `Created the workflow “${isolate('Orbital Systems Corp.')}”`,
    );
    const added = entry({
      action: 'added',
      event: 'step_user_added',
      step_tag: S.SCREENING,
      details: { name: 'Grace Hopper' },
    });
    expect(activitySentence(added, DEF, t)).toBe(
      `Assigned ${isolate('Grace Hopper')} to “${isolate('Sanctions and adverse media screening')}”`,
    );
    expect(activitySentence(saved(F.country, 'FR', 'DE'), DEF, t)).toBe(
      `Changed “${isolate('Country of incorporation')}” from ${isolate('France')} to ${isolate('Germany')}`,
    );
  });

  it('isolates the names in task events: the delegator, and each person a reassignment names', () => {
    const submitted = entry({
      action: 'submitted',
      event: 'step_submitted',
      step_tag: S.INTAKE,
      details: { on_behalf_of: { id: 7, name: 'غريس هوبر' } },
    });
    expect(activitySentence(submitted, DEF, t)).toBe(
      `Submitted the step “${isolate('Supplier details')}” on behalf of ${isolate('غريس هوبر')}`,
    );
    const reassigned = entry({
      event: 'task_reassigned',
      step_tag: S.INTAKE,
      details: { name: 'Grace Hopper', from: [{ name: 'Alan Turing' }, { name: 'Edsger Dijkstra' }] },
    });
    expect(activitySentence(reassigned, DEF, t)).toBe(
      `Reassigned “${isolate('Supplier details')}” from ${isolate('Alan Turing')} and ${isolate('Edsger Dijkstra')} to ${isolate('Grace Hopper')}`,
    );
  });

  it('lists the people a reassignment took the task from in the locale given', () => {
    const reassigned = entry({
      event: 'task_reassigned',
      step_tag: S.INTAKE,
      details: { name: 'C', from: [{ name: 'A' }, { name: 'B' }] },
    });
    expect(words(activitySentence(reassigned, DEF, t, { locale: 'de' }))).toBe(
      'Reassigned “Supplier details” from A und B to C',
    );
  });

  it('gives claims, reassignments and studio moves their own icons', () => {
    expect(entryIcon(entry({ action: 'added', event: 'task_claimed' }))).toBe(IconHandGrab);
    expect(entryIcon(entry({ event: 'task_reassigned' }))).toBe(IconUserShare);
    expect(entryIcon(entry({ event: 'workflow_moved_back' }))).toBe(IconVersions);
  });

  it("writes a due date in the person's locale", () => {
    const moved = entry({
      event: 'due_date_changed',
      step_tag: S.INTAKE,
      details: { old_due_at: '2026-12-21T12:00:00.000Z', new_due_at: '2027-01-04T12:00:00.000Z' },
    });
    expect(words(activitySentence(moved, DEF, t, { locale: 'en-GB' }))).toBe(
      'Due date of “Supplier details” moved from 21 Dec 2026 to 4 Jan 2027',
    );
  });

  it('reads an unknown action type as viewed (spec 2 §3.11)', () => {
    const unknown = entry({ action: 'teleported' as ActivityEntry['action'], event: 'teleported' });
    expect(activitySentence(unknown, DEF, t)).toBe('Viewed');
    expect(actionStyle('teleported').icon).toBe(IconEye);
    expect(entryIcon(entry({ action: 'deleted', event: 'archived' }))).toBe(IconArchive);
  });
});
