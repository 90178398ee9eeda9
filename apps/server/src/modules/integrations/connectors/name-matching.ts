// Name comparison for screening: case, accents, punctuation and legal forms ('Ltd', 'GmbH', 'PJSC')
// do not make two names different.
const LEGAL_FORMS = new Set([
  'ag',
  'ao',
  'bv',
  'cjsc',
  'co',
  'company',
  'corp',
  'corporation',
  'gmbh',
  'inc',
  'jsc',
  'limited',
  'llc',
  'ltd',
  'nv',
  'oao',
  'ojsc',
  'ooo',
  'pao',
  'pjsc',
  'plc',
  'sa',
  'sas',
  'spa',
  'srl',
  'the',
]);

export function nameTokens(name: string): string[] {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // 'S.A.' and 'J.S.C.' are one word each.
      .replace(/\./g, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((token) => token.length > 0 && !LEGAL_FORMS.has(token))
  );
}

export type NameMatch = 'exact' | 'partial' | 'none';

// Exact: the same words. Partial: every word of the listed name appears in the screened one
// ('Mahan Air Cargo Services'), or the two share most of their words.
export function compareNames(screened: string, listed: string): NameMatch {
  const a = nameTokens(screened);
  const b = nameTokens(listed);
  if (a.length === 0 || b.length === 0) return 'none';
  if (a.join(' ') === b.join(' ')) return 'exact';
  const setA = new Set(a);
  const setB = new Set(b);
  if (b.every((token) => setA.has(token))) return 'partial';
  const shared = [...setB].filter((token) => setA.has(token)).length;
  const union = new Set([...setA, ...setB]).size;
  return shared / union >= 0.6 ? 'partial' : 'none';
}
