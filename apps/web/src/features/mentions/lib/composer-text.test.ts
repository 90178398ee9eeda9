import { describe, expect, it } from 'vitest';
import {
  activeQuery,
  addMention,
  displayFor,
  fromRaw,
  insertLabel,
  presentMentions,
  toRaw,
} from './composer-text';

const ann = { type: 'user' as const, id: 12, name: 'Ann Lee' };
const legal = { type: 'group' as const, id: 4, name: 'Legal' };

describe('composer text', () => {
  it('finds the @query at the caret, not in an e-mail address or on another line', () => {
    expect(activeQuery('Hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(activeQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeQuery('Hi @ann lee', 11)).toEqual({ start: 3, query: 'ann lee' });
    expect(activeQuery('mail bob@acme', 13)).toBeNull();
    expect(activeQuery('@ann\nnext', 9)).toBeNull();
    expect(activeQuery('Hi @ ', 5)).toBeNull();
  });

  it('inserts a label and writes its token back when sending', () => {
    const { text, caret } = insertLabel('Hi @an please', 3, 6, displayFor(ann, []));
    expect(text).toBe('Hi @Ann Lee please');
    expect(caret).toBe(12);
    const mentions = addMention([], '@Ann Lee', ann);
    expect(toRaw(text, mentions)).toBe('Hi @[Ann Lee](user:12) please');
  });

  it('sends an edited label as plain text, and a longer label before a shorter one', () => {
    let mentions = addMention([], '@Ann', { type: 'user', id: 1, name: 'Ann' });
    mentions = addMention(mentions, '@Ann Lee', ann);
    expect(toRaw('@Ann Lee and @Ann, not @Annie', mentions)).toBe(
      '@[Ann Lee](user:12) and @[Ann](user:1), not @Annie',
    );
    expect(presentMentions('@Ann Lee only', mentions).map((m) => m.token)).toEqual(['@[Ann Lee](user:12)']);
  });

  it('gives a second person of the same name a distinct label', () => {
    const mentions = addMention([], '@Ann Lee', ann);
    expect(displayFor({ type: 'user', id: 99, name: 'Ann Lee' }, mentions)).toBe('@Ann Lee #99');
    expect(displayFor(ann, mentions)).toBe('@Ann Lee');
  });

  it('turns a stored body back into composer text', () => {
    const { text, mentions } = fromRaw('Ask @[Legal](group:4) and @[Ann Lee](user:12)');
    expect(text).toBe('Ask @Legal and @Ann Lee');
    expect(toRaw(text, mentions)).toBe('Ask @[Legal](group:4) and @[Ann Lee](user:12)');
    expect(displayFor(legal, mentions)).toBe('@Legal');
  });
});
