import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names Chrome on Windows, not Safari', () => {
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(describeUserAgent(ua)).toEqual({ browser: 'Chrome 131', os: 'Windows', mobile: false });
  });

  it('names Edge before Chrome and Safari on an iPhone', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36 Edg/120.0').browser,
    ).toBe('Edge 120');
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(iphone)).toEqual({ browser: 'Safari 17', os: 'iOS', mobile: true });
  });

  it('copes with nothing', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
  });
});
