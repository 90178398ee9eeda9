import { describe, expect, it } from 'vitest';
import { tenantSlugFromHost } from './tenant-slug.js';

describe('tenantSlugFromHost', () => {
  it('takes the first label of the host name', () => {
    expect(tenantSlugFromHost('acme.localhost', 'localhost', 'acme')).toBe('acme');
    expect(tenantSlugFromHost('globex.attest.example.com', 'attest.example.com', 'acme')).toBe('globex');
    expect(tenantSlugFromHost('Globex.LocalHost.', 'localhost', 'acme')).toBe('globex');
  });

  it('uses the default tenant for the bare domain and for addresses', () => {
    expect(tenantSlugFromHost('localhost', 'localhost', 'acme')).toBe('acme');
    expect(tenantSlugFromHost('127.0.0.1', 'localhost', 'acme')).toBe('acme');
    expect(tenantSlugFromHost('[::1]', 'localhost', 'acme')).toBe('acme');
  });
});
