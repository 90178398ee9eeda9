import type { Random } from './demo-random.js';

// Word lists for believable supplier names, web sites and contacts in the acme demo.
const NAME_STEMS = [
  'Northwind',
  'Contoso',
  'Fabrikam',
  'Tailspin',
  'Litware',
  'Adatum',
  'Proseware',
  'Woodgrove',
  'Wingtip',
  'Lucerne',
  'Coho',
  'Alpine',
  'Blue Yonder',
  'Humongous',
  'Trey',
  'Margie',
  'Wide World',
  'Graphic',
  'Southridge',
  'Fourth Coffee',
  'Relecloud',
  'VanArsdel',
  'Lamna',
  'Nod',
  'Datum',
  'Bellows',
  'Consolidated',
  'Ironbridge',
  'Silverline',
  'Brightwater',
  'Keystone',
  'Harbor',
  'Summit',
  'Meridian',
  'Cobalt',
  'Evergreen',
  'Granite',
  'Aurora',
  'Pinnacle',
  'Redwood',
  'Vertex',
  'Oakmont',
  'Polaris',
  'Quarry',
  'Sterling',
  'Tidewater',
  'Juniper',
  'Kestrel',
  'Halcyon',
  'Orbital',
] as const;

// Each sector word implies the supplier's category in the onboarding intake.
const SECTORS = [
  ['Logistics', 'logistics'],
  ['Freight', 'logistics'],
  ['Shipping', 'logistics'],
  ['Cloud', 'cloud_hosting'],
  ['Hosting', 'cloud_hosting'],
  ['Data Centres', 'cloud_hosting'],
  ['Analytics', 'it_services'],
  ['Software', 'it_services'],
  ['Systems', 'it_services'],
  ['Digital', 'it_services'],
  ['Consulting', 'professional_services'],
  ['Advisory', 'professional_services'],
  ['Partners', 'professional_services'],
  ['Metals', 'raw_materials'],
  ['Chemicals', 'raw_materials'],
  ['Materials', 'raw_materials'],
  ['Facility Services', 'facilities'],
  ['Property Care', 'facilities'],
] as const;

export type SupplierCategory = (typeof SECTORS)[number][1];

type Country = { suffixes: readonly string[]; tld: string; currency: string; dial: string };

// The legal forms, web domain, currency (of those the intake accepts) and calling code per country.
const COUNTRIES: Record<string, Country> = {
  DE: { suffixes: ['GmbH', 'AG', 'GmbH & Co. KG'], tld: 'de', currency: 'EUR', dial: '+49' },
  FR: { suffixes: ['SAS', 'SA', 'SARL'], tld: 'fr', currency: 'EUR', dial: '+33' },
  NL: { suffixes: ['B.V.', 'N.V.'], tld: 'nl', currency: 'EUR', dial: '+31' },
  ES: { suffixes: ['S.L.', 'S.A.'], tld: 'es', currency: 'EUR', dial: '+34' },
  IT: { suffixes: ['S.r.l.', 'S.p.A.'], tld: 'it', currency: 'EUR', dial: '+39' },
  PL: { suffixes: ['Sp. z o.o.', 'S.A.'], tld: 'pl', currency: 'EUR', dial: '+48' },
  IE: { suffixes: ['Ltd', 'DAC'], tld: 'ie', currency: 'EUR', dial: '+353' },
  GB: { suffixes: ['Ltd', 'plc', 'LLP'], tld: 'co.uk', currency: 'GBP', dial: '+44' },
  SE: { suffixes: ['AB'], tld: 'se', currency: 'EUR', dial: '+46' },
  CH: { suffixes: ['AG', 'SA', 'GmbH'], tld: 'ch', currency: 'CHF', dial: '+41' },
  BE: { suffixes: ['NV', 'SRL'], tld: 'be', currency: 'EUR', dial: '+32' },
  AT: { suffixes: ['GmbH', 'AG'], tld: 'at', currency: 'EUR', dial: '+43' },
  US: { suffixes: ['Inc.', 'LLC', 'Corp.'], tld: 'com', currency: 'USD', dial: '+1' },
  CA: { suffixes: ['Inc.', 'Ltd.', 'ULC'], tld: 'ca', currency: 'USD', dial: '+1' },
  MX: { suffixes: ['S.A. de C.V.', 'S. de R.L.'], tld: 'com.mx', currency: 'USD', dial: '+52' },
  JP: { suffixes: ['KK', 'Co., Ltd.', 'GK'], tld: 'co.jp', currency: 'USD', dial: '+81' },
  SG: { suffixes: ['Pte. Ltd.'], tld: 'com.sg', currency: 'USD', dial: '+65' },
  AU: { suffixes: ['Pty Ltd'], tld: 'com.au', currency: 'USD', dial: '+61' },
  IN: { suffixes: ['Pvt. Ltd.', 'Ltd.'], tld: 'in', currency: 'USD', dial: '+91' },
  KR: { suffixes: ['Co., Ltd.'], tld: 'co.kr', currency: 'USD', dial: '+82' },
  NZ: { suffixes: ['Ltd'], tld: 'co.nz', currency: 'USD', dial: '+64' },
  // Jurisdictions under sanctions programmes: a few suppliers there make the alerts show.
  RU: { suffixes: ['OOO', 'AO'], tld: 'ru', currency: 'EUR', dial: '+7' },
  BY: { suffixes: ['OAO', 'OOO'], tld: 'by', currency: 'EUR', dial: '+375' },
  CU: { suffixes: ['S.A.'], tld: 'cu', currency: 'USD', dial: '+53' },
  IR: { suffixes: ['Co.', 'PJSC'], tld: 'ir', currency: 'USD', dial: '+98' },
};

type Weighted = readonly (readonly [string, number])[];

// Countries by region name, as the demo tenants name their regions; an unknown region draws from all.
const REGION_COUNTRIES: Record<string, { usual: Weighted; highRisk: readonly string[] }> = {
  Europe: {
    usual: [
      ['DE', 6],
      ['FR', 4],
      ['GB', 4],
      ['NL', 3],
      ['ES', 3],
      ['IT', 3],
      ['PL', 2],
      ['IE', 2],
      ['SE', 2],
      ['CH', 2],
      ['BE', 1],
      ['AT', 1],
    ],
    highRisk: ['RU', 'BY'],
  },
  'North America': {
    usual: [
      ['US', 8],
      ['CA', 3],
      ['MX', 2],
    ],
    highRisk: ['CU'],
  },
  'Asia Pacific': {
    usual: [
      ['JP', 3],
      ['SG', 3],
      ['AU', 3],
      ['IN', 3],
      ['KR', 1],
      ['NZ', 1],
    ],
    highRisk: ['IR'],
  },
};
const ALL_USUAL: Weighted = Object.values(REGION_COUNTRIES).flatMap((r) => r.usual);
const ALL_HIGH_RISK = Object.values(REGION_COUNTRIES).flatMap((r) => r.highRisk);

export function countryFor(random: Random, regionName: string, highRisk: boolean): string {
  const region = REGION_COUNTRIES[regionName];
  if (highRisk) return random.pick(region?.highRisk ?? ALL_HIGH_RISK);
  return random.weighted(region?.usual ?? ALL_USUAL);
}

export function countryInfo(code: string): Country {
  const info = COUNTRIES[code];
  if (!info) throw new Error(`No demo data for country ${code}`);
  return info;
}

const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Camille',
  'Pieter',
  'Lucía',
  'Giulia',
  'Marta',
  'Siobhan',
  'Oliver',
  'Elsa',
  'Noah',
  'Emma',
  'Liam',
  'Sofía',
  'Yuki',
  'Wei Ling',
  'Chloe',
  'Arjun',
  'Min-jun',
  'Aroha',
  'Daniel',
] as const;
const LAST_NAMES = [
  'Becker',
  'Dubois',
  'de Vries',
  'García',
  'Rossi',
  'Nowak',
  'Byrne',
  'Taylor',
  'Lindqvist',
  'Müller',
  'Smith',
  'Tremblay',
  'Hernández',
  'Tanaka',
  'Tan',
  'Wilson',
  'Sharma',
  'Kim',
  'Ngata',
] as const;

export function personName(random: Random): { first: string; last: string } {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
}

// Lower-case ASCII for e-mail local parts, domains and file names: 'Lucía de Vries' -> 'lucia-de-vries'.
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type Supplier = {
  name: string;
  brand: string;
  country: string;
  category: SupplierCategory;
  website: string;
  contactEmail: string;
};

// A supplier with a name not used before in this generation: 'Northwind Logistics GmbH'.
export function newSupplier(random: Random, country: string, used: Set<string>): Supplier {
  const info = countryInfo(country);
  for (let attempt = 0; ; attempt++) {
    const [sector, category] = random.pick(SECTORS);
    const stem = random.pick(NAME_STEMS);
    // Past the combinations of stem and sector, a second stem keeps names unique.
    const brand = attempt < 20 ? `${stem} ${sector}` : `${stem} ${random.pick(NAME_STEMS)} ${sector}`;
    const name = `${brand} ${random.pick(info.suffixes)}`;
    if (used.has(name)) continue;
    used.add(name);
    const domain = `${slug(brand)}.${info.tld}`;
    const contact = personName(random);
    const local = random.chance(0.5) ? `${slug(contact.first)}.${slug(contact.last)}` : 'vendor-compliance';
    return {
      name,
      brand,
      country,
      category,
      website: `https://www.${domain}/`,
      contactEmail: `${local}@${domain}`,
    };
  }
}

export function phoneFor(random: Random, country: string): string {
  return `${countryInfo(country).dial} ${random.int(10, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}`;
}
