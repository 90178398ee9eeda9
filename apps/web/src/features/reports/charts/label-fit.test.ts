import { describe, expect, it } from 'vitest';
import { labelFitsInside } from './label-fit';

describe('labelFitsInside', () => {
  it('fits a short number in a segment taller and wider than its text', () => {
    expect(labelFitsInside({ width: 40, height: 20 }, '274')).toBe(true);
  });

  it('refuses a segment shorter than one line of text', () => {
    expect(labelFitsInside({ width: 40, height: 8 }, '2')).toBe(false);
  });

  it('refuses a segment narrower than the text', () => {
    expect(labelFitsInside({ width: 14, height: 40 }, '1.14k')).toBe(false);
  });

  it('measures a label turned 90° along the segment instead of across it', () => {
    expect(labelFitsInside({ width: 16, height: 60 }, '1.14k', 90)).toBe(true);
    expect(labelFitsInside({ width: 16, height: 60 }, '1.14k', 0)).toBe(false);
  });

  it('reads the size of a segment drawn with a negative height (below the axis)', () => {
    expect(labelFitsInside({ width: 40, height: -20 }, '-12')).toBe(true);
  });
});
