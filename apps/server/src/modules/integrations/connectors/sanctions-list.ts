// The built-in screening list of the demo connector: a few parties that public sanctions lists
// (OFAC SDN, EU, UN) designate, with their common aliases. It shows how screening flows through a
// workflow; it is not a screening service, and a real tenant connects its provider instead.
export type SanctionedParty = {
  name: string;
  aliases: readonly string[];
  country: string;
  programme: string;
};

export const DEMO_SANCTIONS_LIST: readonly SanctionedParty[] = [
  { name: 'Rosoboronexport', aliases: [], country: 'RU', programme: 'Russia' },
  { name: 'Sovcomflot', aliases: ['SCF Group'], country: 'RU', programme: 'Russia' },
  { name: 'Wagner Group', aliases: ['PMC Wagner'], country: 'RU', programme: 'Russia' },
  { name: 'Belaruskali', aliases: [], country: 'BY', programme: 'Belarus' },
  {
    name: 'Islamic Republic of Iran Shipping Lines',
    aliases: ['IRISL'],
    country: 'IR',
    programme: 'Iran',
  },
  { name: 'Mahan Air', aliases: ['Mahan Airlines'], country: 'IR', programme: 'Iran' },
  {
    name: 'Korea Mining Development Trading Corporation',
    aliases: ['KOMID'],
    country: 'KP',
    programme: 'North Korea',
  },
  { name: 'Commercial Bank of Syria', aliases: [], country: 'SY', programme: 'Syria' },
  { name: 'Banco Nacional de Cuba', aliases: [], country: 'CU', programme: 'Cuba' },
];

// Jurisdictions under comprehensive sanctions programmes: a party there needs a closer look even
// without a name match (ownership, agents, transshipment).
export const SANCTIONED_JURISDICTIONS: ReadonlySet<string> = new Set(['BY', 'CU', 'IR', 'KP', 'RU', 'SY']);
