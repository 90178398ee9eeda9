import type { ImportColumnTarget } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { type MappingCandidate, suggestMapping } from './suggest-mapping.js';

const field = (tag: string, label: string): MappingCandidate => ({
  target: { kind: 'field', field_tag: tag },
  label,
  tag,
});
const candidates = [
  field('name', 'Name'),
  field('vat_number', 'VAT number'),
  field('contact_email', 'Contact e-mail'),
  field('city', 'Ville'),
  { target: { kind: 'attribute', attribute: 'region' }, label: 'Region', tag: 'region' } as MappingCandidate,
];
const targets = (headers: string[], saved: Parameters<typeof suggestMapping>[2] = []) =>
  suggestMapping(headers, candidates, saved).map((c) => c.target);
const f = (field_tag: string): ImportColumnTarget => ({ kind: 'field', field_tag });

describe('suggestMapping', () => {
  it('matches a header to a field by its label, ignoring case, spaces, _ and accents', () => {
    expect(targets(['NAME', 'vat_number', 'Contact E-Mail', 'VILLÉ', ' Région '])).toEqual([
      f('name'),
      f('vat_number'),
      f('contact_email'),
      f('city'),
      { kind: 'attribute', attribute: 'region' },
    ]);
  });

  it('matches by tag when no label matches, and leaves unknown or blank headers unmapped', () => {
    expect(targets(['contact email', 'CITY', 'Notes', ''])).toEqual([
      f('contact_email'),
      f('city'),
      null,
      null,
    ]);
  });

  it('gives each field to one column only: the first that names it', () => {
    expect(targets(['Name', 'name'])).toEqual([f('name'), null]);
  });

  it('prefers the last saved mapping where it matches, and ignores its targets that no longer exist', () => {
    const saved = [
      { header: 'Supplier', target: f('name') },
      { header: 'Name', target: f('vat_number') },
      { header: 'Old column', target: f('removed_field') },
    ];
    expect(targets(['supplier', 'Name', 'old_column'], saved)).toEqual([f('name'), f('vat_number'), null]);
  });

  it('answers every column with its index and header as written', () => {
    expect(suggestMapping(['VAT number', 'x'], candidates)).toEqual([
      { index: 0, header: 'VAT number', target: f('vat_number') },
      { index: 1, header: 'x', target: null },
    ]);
  });
});
