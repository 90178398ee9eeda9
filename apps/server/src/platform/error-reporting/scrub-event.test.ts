import { describe, expect, it } from 'vitest';
import { scrubEvent } from './scrub-event.js';

describe('scrubEvent (issue 19: never bodies, passwords, tokens, cookies)', () => {
  it('drops the body, cookies and person, and redacts credential headers and query parameters', () => {
    const event = scrubEvent({
      user: { id: '7', email: 'ada@acme.test' },
      request: {
        url: 'http://acme.localhost/api/v1/users/login/?next=/home&token=abc',
        method: 'POST',
        data: { password: 'hunter2' },
        cookies: { sessionid: 's3cr3t' },
        query_string: 'next=%2Fhome&token=abc&otp_code=123456',
        headers: { 'content-type': 'application/json', cookie: 'sessionid=s3cr3t', 'X-CSRFToken': 'c5rf' },
      },
      extra: { password: 'hunter2', attempt: 2 },
      breadcrumbs: [{ message: 'login', data: { api_token: 'tok', status: 400 } }],
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: 'http://acme.localhost/api/v1/users/login/',
      method: 'POST',
      query_string: 'next=%2Fhome&token=%5Bredacted%5D&otp_code=%5Bredacted%5D',
      headers: { 'content-type': 'application/json', cookie: '[redacted]', 'X-CSRFToken': '[redacted]' },
    });
    expect(event.extra).toEqual({ password: '[redacted]', attempt: 2 });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ api_token: '[redacted]', status: 400 });
    expect(JSON.stringify(event)).not.toMatch(/hunter2|s3cr3t|c5rf|123456|"tok"/);
  });
});
