import type { RealtimeEvent } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { makeEvent } from '../test/fake-socket';
import { studioEventToast } from './studio-event-toast';

const ME = 1;
const OTHER = { id: 2, name: 'Dora Designer' };

function studio(overrides: Partial<RealtimeEvent>): RealtimeEvent {
  return makeEvent({
    type: 'studio.package_versioning',
    group: 'package_versioning',
    actor: OTHER,
    ...overrides,
  });
}

const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const shown = (event: RealtimeEvent) => {
  const toast = studioEventToast(event, ME);
  return (
    toast && {
      tone: toast.tone,
      title: i18n.t(toast.titleKey),
      message: strip(i18n.t(toast.messageKey, toast.values)),
    }
  );
};

describe('studio live events as toasts', () => {
  it("shows a colleague's news at the spec's level: completed = success, started = info", () => {
    expect(
      shown(studio({ outcome: 'completed', data: { app_id: 3, action: 'version_created', version: '1.2' } })),
    ).toEqual({ tone: 'success', title: 'Package versioning', message: 'Dora Designer created version 1.2' });
    expect(
      shown(
        studio({
          type: 'studio.config_deployment',
          group: 'config_deployment',
          outcome: 'completed',
          data: { app_id: 3, action: 'deployed', environment: 'PRODUCTION' },
        }),
      ),
    ).toEqual({
      tone: 'success',
      title: 'Config deployment',
      message: 'Dora Designer deployed a version to Production',
    });
    expect(
      shown(
        studio({
          type: 'studio.branch_work',
          group: 'branch_work',
          outcome: 'started',
          data: { app_id: 3, action: 'started', branch_id: 4, branch_name: 'website' },
        }),
      ),
    ).toEqual({
      tone: 'info',
      title: 'Work on a branch',
      message: 'Dora Designer started working on the branch website',
    });
  });

  it("shows the person's own refusals as errors with the spec's failure reason, and none of their own successes", () => {
    const mine = { id: ME, name: 'Me' };
    expect(
      shown(
        studio({
          actor: mine,
          outcome: 'failed',
          data: { app_id: 3, action: 'version_created', reason: 'maximum_minor_version_reached' },
        }),
      ),
    ).toEqual({
      tone: 'error',
      title: 'Package versioning',
      message: 'Maximum minor version reached: create a major version instead.',
    });
    expect(
      shown(
        studio({
          actor: mine,
          type: 'studio.config_validation',
          group: 'studio_config_validation',
          outcome: 'failed',
          data: { app_id: 3, action: 'version_created', problems: 4 },
        }),
      ),
    ).toMatchObject({
      tone: 'error',
      title: 'Studio config validation',
      message: expect.stringContaining('4'),
    });
    expect(
      shown(
        studio({
          actor: mine,
          type: 'studio.config_validation',
          group: 'studio_config_validation',
          outcome: 'failed',
          data: { app_id: 3, action: 'version_created', reason: 'empty_package' },
        }),
      ),
    ).toMatchObject({ tone: 'error', message: 'A version needs at least one process.' });
    expect(
      studioEventToast(
        studio({ actor: mine, outcome: 'completed', data: { action: 'version_created' } }),
        ME,
      ),
    ).toBeNull();
  });

  it('ignores events without an outcome, unknown actions, reasons or environments, and other types', () => {
    expect(studioEventToast(studio({ outcome: null, data: { action: 'version_created' } }), ME)).toBeNull();
    expect(studioEventToast(studio({ outcome: 'completed', data: { action: 'exploded' } }), ME)).toBeNull();
    expect(studioEventToast(studio({ outcome: 'failed', data: { reason: 'gremlins' } }), ME)).toBeNull();
    expect(
      studioEventToast(
        studio({ outcome: 'completed', data: { action: 'deployed', environment: 'MOON' } }),
        ME,
      ),
    ).toBeNull();
    expect(studioEventToast(makeEvent({ outcome: 'completed', actor: OTHER }), ME)).toBeNull();
  });
});
