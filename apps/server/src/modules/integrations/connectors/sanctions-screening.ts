import { flattenSteps } from '@attest/shared';
import { type Connector, ConnectorError, type ConnectorInput } from './connector.js';
import { compareNames } from './name-matching.js';
import { DEMO_SANCTIONS_LIST, SANCTIONED_JURISDICTIONS } from './sanctions-list.js';

// 'sanctions_screening': screens the party a workflow is about against the built-in list.
// The party is the answer of the first field tagged '…__supplier_name' (or '…__legal_name'), its
// country the first '…__country' answer. The outcome is written to the step's '…__sanctions_result'
// field (options no_match, potential_match, confirmed_match) and, on a match, a summary to its
// '…__sanctions_notes' field, so the analyst reviews a pre-filled step instead of a blank one.
export type ScreeningOutcome = 'no_match' | 'potential_match' | 'confirmed_match';

const NAME_SUFFIXES = ['__supplier_name', '__legal_name'];

function firstAnswer(input: ConnectorInput, suffixes: readonly string[]): string | undefined {
  for (const step of flattenSteps(input.definition)) {
    for (const field of step.fields) {
      if (!suffixes.some((suffix) => field.tag.endsWith(suffix))) continue;
      const value = input.answers[field.tag];
      if (typeof value === 'string' && value.trim().length > 0) return value.trim();
    }
  }
  return undefined;
}

function stepField(input: ConnectorInput, suffix: string) {
  return input.step.fields.find((field) => field.tag.endsWith(suffix));
}

function screen(name: string, country: string | undefined) {
  const matches = DEMO_SANCTIONS_LIST.flatMap((party) => {
    const results = [party.name, ...party.aliases].map((listed) => compareNames(name, listed));
    const match = results.includes('exact') ? 'exact' : results.includes('partial') ? 'partial' : 'none';
    return match === 'none'
      ? []
      : [{ name: party.name, country: party.country, programme: party.programme, match }];
  });
  const sanctionedJurisdiction = country !== undefined && SANCTIONED_JURISDICTIONS.has(country);
  let outcome: ScreeningOutcome = 'no_match';
  if (matches.some((m) => m.match === 'exact')) outcome = 'confirmed_match';
  else if (matches.length > 0 || sanctionedJurisdiction) outcome = 'potential_match';
  return { outcome, matches, sanctionedJurisdiction };
}

function notesFor(name: string, country: string | undefined, screening: ReturnType<typeof screen>): string {
  const lines = screening.matches.map(
    (m) =>
      `${m.match === 'exact' ? 'Exact' : 'Partial'} match: ${m.name} (${m.country}, ${m.programme} programme).`,
  );
  if (screening.sanctionedJurisdiction) {
    lines.push(
      `${country} is under a comprehensive sanctions programme: check ownership, agents and shipping routes.`,
    );
  }
  return [`Automatic screening of "${name}" against the demo sanctions list.`, ...lines].join('\n');
}

export const sanctionsScreeningConnector: Connector = {
  tag: 'sanctions_screening',
  async run(input) {
    const name = firstAnswer(input, NAME_SUFFIXES);
    if (!name) throw new ConnectorError('The supplier name is not answered, so there is nobody to screen.');
    const country = firstAnswer(input, ['__country']);
    const screening = screen(name, country);
    const answers: Record<string, unknown> = {};
    const resultField = stepField(input, '__sanctions_result');
    if (resultField?.options?.some((option) => option.value === screening.outcome)) {
      answers[resultField.tag] = screening.outcome;
    }
    const notesField = stepField(input, '__sanctions_notes');
    if (notesField && screening.outcome !== 'no_match') {
      answers[notesField.tag] = notesFor(name, country, screening);
    }
    return {
      result: {
        list: 'demo',
        screened_name: name,
        country: country ?? null,
        outcome: screening.outcome,
        matches: screening.matches,
        sanctioned_jurisdiction: screening.sanctionedJurisdiction,
      },
      answers,
    };
  },
};
