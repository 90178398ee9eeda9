import { THREAD_EMAIL_MAX_ITEMS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { type DigestEntry, renderMentions, threadDigestEmail } from './thread-email-content.js';

const entry = (overrides: Partial<DigestEntry> = {}): DigestEntry => ({
  reason: 'subscribed',
  body: 'Looks fine',
  created_at: new Date('2026-03-04T05:06:07Z'),
  workflow_name: 'Acme check',
  where: 'Acme check / Intake / Vendor name',
  url: 'http://acme.localhost:3000/process/1?thread=2',
  author: 'Ada Admin',
  ...overrides,
});

const build = (entries: DigestEntry[]) =>
  threadDigestEmail({
    brand: 'Attest',
    recipient: { email: 'max@example.test', first_name: 'Max' },
    entries,
    subscriptionsUrl: 'http://acme.localhost:3000/mysubscriptions/',
  });

describe('comment e-mail', () => {
  it('shows mention tokens as @Name', () => {
    expect(renderMentions('Hi @[Max Member](user:12), see @[Reviewers](group:3)')).toBe(
      'Hi @Max Member, see @Reviewers',
    );
  });

  it('names the workflows in the subject and says why and how to stop', () => {
    const one = build([entry()]);
    expect(one.subject).toBe('Attest: New comment on Acme check');
    expect(one.text).toContain('Ada Admin on Acme check / Intake / Vendor name, 2026-03-04 05:06 UTC:');
    expect(one.text).toContain('You receive this e-mail because you are subscribed to these conversations.');
    expect(one.text).toContain('http://acme.localhost:3000/mysubscriptions/');
    const many = build([
      entry(),
      entry({ workflow_name: 'Beta check', reason: 'mentioned' }),
      entry({ workflow_name: 'Gamma check' }),
      entry({ workflow_name: 'Delta check' }),
    ]);
    expect(many.subject).toBe('Attest: New comments on Acme check, Beta check and 2 other workflows');
    expect(many.text).toContain('because you are subscribed to these conversations and you were mentioned');
    expect(many.text).toContain('(mentions you)');
  });

  it(`lists at most ${THREAD_EMAIL_MAX_ITEMS} comments, then how many more`, () => {
    const entries = Array.from({ length: THREAD_EMAIL_MAX_ITEMS + 3 }, (_, i) =>
      entry({ body: `comment ${i}` }),
    );
    const email = build(entries);
    expect(email.text).toContain(`${THREAD_EMAIL_MAX_ITEMS + 3} new comments`);
    expect(email.text).toContain(`comment ${THREAD_EMAIL_MAX_ITEMS - 1}`);
    expect(email.text).not.toContain(`comment ${THREAD_EMAIL_MAX_ITEMS}\n`);
    expect(email.text).toContain('... and 3 more.');
    expect(email.html).toContain('... and 3 more.');
  });

  it('escapes everything a person wrote in the html, and keeps it as text in the text part', () => {
    const email = build([
      entry({
        body: '<img src=x onerror=alert(1)> "quoted" & @[<b>Eve</b>](user:7)',
        author: '<Mallory>',
        workflow_name: '<Acme>',
        where: '<Acme> / Intake',
      }),
    ]);
    expect(email.html).not.toMatch(/<img|<b>|<Mallory>|<Acme>/);
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp;');
    expect(email.html).toContain('<strong>@&lt;b&gt;Eve&lt;/b&gt;</strong>');
    expect(email.text).toContain('<img src=x onerror=alert(1)> "quoted" & @<b>Eve</b>');
  });
});
