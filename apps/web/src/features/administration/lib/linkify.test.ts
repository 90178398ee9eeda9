import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds links and leaves a trailing full stop outside', () => {
    expect(linkify('Open http://acme.localhost/login/magic/confirm?token=abc. Thanks')).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'link', value: 'http://acme.localhost/login/magic/confirm?token=abc' },
      { kind: 'text', value: '. Thanks' },
    ]);
  });

  it('never turns other schemes into links', () => {
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', value: 'javascript:alert(1)' }]);
  });
});
