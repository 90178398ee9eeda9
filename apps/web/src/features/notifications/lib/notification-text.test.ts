import { EVENT_OUTCOMES, type Notification } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../../components/user-text';
import { i18n } from '../../../lib/i18n/i18n';
import { notificationText, outcomeLabelKey, toastToneOf } from './notification-text';

const t = i18n.t.bind(i18n);

const base: Notification = {
  id: 1,
  kind: 'mention',
  group: 'discussion',
  outcome: null,
  level: 'info',
  actor: { id: 2, name: 'Ana Ortiz' },
  workflow: { id: 7, name: 'Northwind onboarding' },
  params: { thread_id: 3, message_id: 4, target: 'field' },
  link: '/process/7?thread=3',
  is_read: false,
  created_at: '2026-11-22T08:00:00.000Z',
};

describe('toastToneOf', () => {
  it('follows spec 1 §4: started info, finished and completed success, queued warning, failed error', () => {
    const tones = Object.fromEntries(
      EVENT_OUTCOMES.map((outcome) => [outcome, toastToneOf({ outcome, level: 'info' })]),
    );
    expect(tones).toEqual({
      started: 'info',
      finished: 'success',
      completed: 'success',
      queued: 'warning',
      failed: 'error',
    });
  });

  it("keeps the server's level when there is no outcome", () => {
    expect(toastToneOf({ outcome: null, level: 'warning' })).toBe('warning');
  });
});

describe('outcomeLabelKey', () => {
  it('labels outcomes as spec 1 §3 does: Success, Running, Queued, Failed', () => {
    const labels = EVENT_OUTCOMES.map((outcome) => t(outcomeLabelKey(outcome) ?? ''));
    expect(labels).toEqual(['Queued', 'Running', 'Success', 'Success', 'Failed']);
    expect(outcomeLabelKey(null)).toBeNull();
  });
});

describe('notificationText', () => {
  it('words each kind with its params and who did it', () => {
    expect(notificationText(base, t)).toBe(`${isolate('Ana Ortiz')} mentioned you`);
    expect(
      notificationText(
        { ...base, kind: 'step_assigned', params: { step_tag: 's', step_name: 'Screening' } },
        t,
      ),
    ).toBe(`${isolate('Ana Ortiz')} assigned you to the step ${isolate('Screening')}`);
    expect(notificationText({ ...base, kind: 'thread_comment', actor: null }, t)).toBe(
      'The system commented on a conversation you follow',
    );
  });
});
