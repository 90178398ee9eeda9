import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { connectorLabel } from './connector-label';

describe('connectorLabel', () => {
  it('names a known connector by its label, never by its tag', () => {
    expect(connectorLabel('sanctions_screening', i18n.t)).toBe('Sanctions screening');
  });

  it('reads an unknown connector tag as words', () => {
    expect(connectorLabel('credit_check', i18n.t)).toBe('Credit check');
  });
});
