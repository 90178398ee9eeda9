import { describe, expect, it } from 'vitest';
import { messageParts } from './message-parts';

describe('messageParts', () => {
  it('splits text and mention tokens in order', () => {
    expect(messageParts('Hi @[Ann Lee](user:12), see @[Legal](group:4).')).toEqual([
      { type: 'text', start: 0, text: 'Hi ' },
      { type: 'mention', start: 3, kind: 'user', id: 12, name: 'Ann Lee' },
      { type: 'text', start: 22, text: ', see ' },
      { type: 'mention', start: 28, kind: 'group', id: 4, name: 'Legal' },
      { type: 'text', start: 45, text: '.' },
    ]);
  });

  it('keeps markup and broken tokens as text', () => {
    expect(messageParts('<b>x</b> @[a](team:1)')).toEqual([
      { type: 'text', start: 0, text: '<b>x</b> @[a](team:1)' },
    ]);
  });
});
