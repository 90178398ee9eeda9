import type { Branding } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, previewOf, updateOf } from './branding-draft';

const BRANDING: Branding = {
  name: 'Acme',
  logo: '/brand/acme.svg',
  report_embed_url: null,
  header_links: [],
  support_links: [],
  brand_color: null,
  banner_enabled: false,
  banner_message: null,
  banner_color: null,
  filter_placeholders: { Region: 'Territory', Business: null },
};

describe('branding draft', () => {
  it('turns emptied texts into none and trims what is sent', () => {
    const draft = { ...draftOf(BRANDING), name: '  Acme Group ', region_placeholder: '  ' };
    expect(updateOf(draft)).toMatchObject({
      name: 'Acme Group',
      brand_color: null,
      filter_placeholders: { Region: null, Business: null },
    });
  });

  it.each([
    ['#abc', true],
    ['#AABBCC', true],
    ['#abcd', false],
    ['abc', false],
    ['', true],
  ])('checks the colour %s with the spec rule (3 or 6 hex digits)', (colour, valid) => {
    const errors = draftErrors({ ...draftOf(BRANDING), brand_color: colour, banner_color: colour });
    expect(errors.brand_color === undefined).toBe(valid);
    expect(errors.banner_color === undefined).toBe(valid);
  });

  it('checks links with the shared URL rule', () => {
    const draft = {
      ...draftOf(BRANDING),
      header_links: [
        { label: 'Good', url: 'https://example.test/' },
        { label: '', url: 'https://' },
        { label: 'Local', url: '/reports/tableau' },
      ],
    };
    expect(draftErrors(draft)).toEqual({
      'header_links.1.label': 'admin.branding.errors.linkLabel',
      'header_links.1.url': 'admin.branding.errors.linkUrl',
    });
  });

  it('checks and trims the support links as the header links, at most ten', () => {
    const draft = {
      ...draftOf(BRANDING),
      support_links: [
        { label: ' Help ', url: ' https://help.example.test/ ' },
        { label: 'Bad', url: 'javascript:alert(1)' },
      ],
    };
    expect(draftErrors(draft)).toEqual({ 'support_links.1.url': 'admin.branding.errors.linkUrl' });
    expect(updateOf(draft).support_links[0]).toEqual({ label: 'Help', url: 'https://help.example.test/' });
    const many = Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, url: `/l/${i}` }));
    expect(draftErrors({ ...draftOf(BRANDING), support_links: many })).toEqual({
      support_links: 'admin.branding.errors.tooManyLinks',
    });
  });

  it('previews the banner only when on with a message, and only valid colours and links', () => {
    const draft = {
      ...draftOf(BRANDING),
      banner_enabled: true,
      banner_message: ' Audit ',
      banner_color: '#fff3bf',
      brand_color: '#12',
      header_links: [{ label: 'Bad', url: 'javascript:alert(1)' }],
    };
    expect(previewOf(draft, BRANDING.logo)).toEqual({
      name: 'Acme',
      logo: '/brand/acme.svg',
      brandColor: null,
      banner: { message: 'Audit', color: '#fff3bf' },
      links: [],
    });
    expect(previewOf({ ...draft, banner_enabled: false }, null).banner).toBeNull();
  });
});
