import { describe, expect, it } from 'vitest';
import { isHexColor } from './hex-color.js';

describe('isHexColor', () => {
  it.each(['#fff', '#FFF', '#0a9', '#000000', '#ffffff', '#A1b2C3', '#123456'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['hash only', '#'],
    ['no hash, 3 digits', 'fff'],
    ['no hash, 6 digits', 'ffffff'],
    ['1 digit', '#f'],
    ['2 digits', '#ff'],
    ['4 digits (alpha shorthand not accepted)', '#ffff'],
    ['5 digits', '#fffff'],
    ['7 digits', '#fffffff'],
    ['8 digits (alpha not accepted)', '#ffffffff'],
    ['non-hex letter', '#ggg'],
    ['non-hex in 6', '#12345z'],
    ['two hashes', '##fff'],
    ['leading space', ' #fff'],
    ['trailing space', '#fff '],
    ['trailing new line', '#fff\n'],
    ['colour name', 'red'],
    ['rgb()', 'rgb(0,0,0)'],
    ['0x prefix', '0xffffff'],
  ])('rejects %s', (_case, value) => {
    expect(isHexColor(value)).toBe(false);
  });
});
