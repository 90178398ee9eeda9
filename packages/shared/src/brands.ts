// White-label brands chosen per tenant (spec 1 section 1): each has a title, a copyright line and a logo.
export const BRANDS = {
  default: { title: 'Attest', copyright: '© Attest Inc. All rights reserved.', logo: '/brand/default.svg' },
  'credit-data': {
    title: 'Attest Credit Data',
    copyright: '© Attest Credit Data Ltd.',
    logo: '/brand/credit-data.svg',
  },
  'regional-credit': {
    title: 'Attest Regional Credit',
    copyright: '© Attest Regional Credit GmbH.',
    logo: '/brand/regional-credit.svg',
  },
  'corporate-ownership': {
    title: 'Attest Ownership',
    copyright: '© Attest Ownership Registry Inc.',
    logo: '/brand/corporate-ownership.svg',
  },
  test: { title: 'Attest (test)', copyright: '© Attest test environment.', logo: '/brand/test.svg' },
} as const;

export type BrandKey = keyof typeof BRANDS;
export const BRAND_KEYS = Object.keys(BRANDS) as BrandKey[];
