import { describe, expect, it } from 'vitest';
import { makeStep, makeWorkflowDetail } from '../../../test/workflow-fixture';
import { hasPendingIntegration } from './workflow-queries';

describe('hasPendingIntegration (the page polls while a connector works)', () => {
  const withIntegration = (state: 'waiting' | 'running' | 'finished' | 'failed') =>
    makeWorkflowDetail({
      overrides: { steps: [makeStep({ integration: { state, connector: 'sanctions_screening' } })] },
    });

  it.each([
    ['waiting', true],
    ['running', true],
    ['finished', false],
    ['failed', false],
  ] as const)('%s', (state, polls) => {
    expect(hasPendingIntegration(withIntegration(state))).toBe(polls);
  });

  it('does not poll a workflow without integrations', () => {
    expect(hasPendingIntegration(makeWorkflowDetail())).toBe(false);
    expect(hasPendingIntegration(undefined)).toBe(false);
  });
});
