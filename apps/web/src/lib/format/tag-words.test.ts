import { describe, expect, it } from 'vitest';
import { tagWords } from './tag-words';

describe('tagWords', () => {
  it('reads a tag as words', () => {
    expect(tagWords('sanctions_hit')).toBe('Sanctions hit');
    expect(tagWords('material-spend__eu')).toBe('Material spend eu');
  });
});
