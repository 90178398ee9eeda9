import { describe, expect, it } from 'vitest';
import { scrubUrls, withoutQuery } from './scrub-urls';

describe('scrubUrls', () => {
  it('drops query strings and fragments from the page address and the breadcrumbs, keeping paths', () => {
    expect(withoutQuery('http://acme.localhost/login/magic?token=s3cr3t#x')).toBe(
      'http://acme.localhost/login/magic',
    );
    const event = scrubUrls({
      request: {
        url: 'http://acme.localhost/search?q=ada%40acme.test',
        query_string: 'q=ada',
        cookies: { a: 'b' },
      },
      breadcrumbs: [
        { data: { from: '/invitation?token=abc', to: '/process/12?step=review' } },
        { data: { url: '/api/v1/search/?q=acme', method: 'GET', status_code: 200 } },
        {},
      ],
    });
    expect(event.request).toEqual({ url: 'http://acme.localhost/search' });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ from: '/invitation', to: '/process/12' });
    expect(event.breadcrumbs?.[1]?.data).toEqual({ url: '/api/v1/search/', method: 'GET', status_code: 200 });
    expect(JSON.stringify(event)).not.toMatch(/token|acme\.test|q=/);
  });
});
