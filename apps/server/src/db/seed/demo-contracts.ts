import { CONTRACT_REVIEW_FIELDS as F } from '@attest/shared/testing';
import { type DemoContext, doerPerson, type Place, slaHours, stepHours, waitOn } from './demo-context.js';
import { phoneFor, slug } from './demo-names.js';
import type { Random } from './demo-random.js';
import { type DemoWorkflow, HOUR_MS, newDemoWorkflow, walk } from './demo-walk.js';

const CONTRACT_TYPES = [
  'Master services agreement',
  'Data processing agreement',
  'Statement of work',
  'Framework supply agreement',
  'Software licence agreement',
] as const;

const LEGAL_TAGS = [
  'msa',
  'dpa',
  'auto-renewal',
  'non-standard-terms',
  'sub-processors',
  'escrow',
  'exclusivity',
];

// Governing law when the supplier's own is not accepted: the region's usual choice.
const REGION_LAW: Record<string, readonly string[]> = {
  Europe: ['GB', 'IE', 'DE', 'NL'],
  'North America': ['US'],
  'Asia Pacific': ['SG', 'AU'],
};
const HIGH_RISK = ['RU', 'BY', 'CU', 'IR'];

export type ContractPlan = {
  counterparty: string;
  brand: string;
  country: string;
  place: Place;
  annualSpend: { amount: number; currency: string };
  personalData: boolean;
  createdAt: number;
  // Left waiting here (a stalled negotiation) even when there was time to go further.
  stopAt?: string;
};

// One Contract Review: commercial terms, legal's clause review, then sign-off. Steps that would be
// submitted after today stay open.
export function contractReview(random: Random, context: DemoContext, plan: ContractPlan): DemoWorkflow {
  const definition = context.definitions.contract_review;
  const tags = definition.step_groups.flatMap((g) => g.steps.map((s) => s.tag));
  const type = random.pick(CONTRACT_TYPES);
  const people = tags.map((tag) => doerPerson(random, context, definition, tag));
  const w = newDemoWorkflow({
    kind: 'contract_review',
    name: `${type} – ${plan.counterparty}`,
    regionId: plan.place.regionId,
    businessUnitId: plan.place.businessUnitId,
    createdBy: people[0]?.id ?? null,
    createdAt: plan.createdAt,
  });
  const termMonths = random.pick([12, 24, 36, 48, 60]);
  const value = {
    amount: Math.max(1000, Math.round((plan.annualSpend.amount * termMonths) / 12 / 1000) * 1000),
    currency: plan.annualSpend.currency,
  };
  const autoRenewal = random.chance(0.55);
  const governingLaw =
    !HIGH_RISK.includes(plan.country) && random.chance(0.7)
      ? plan.country
      : random.pick(REGION_LAW[plan.place.regionName] ?? ['GB']);
  const gdpr = random.chance(plan.personalData ? 0.95 : 0.7);
  const capped = random.chance(0.78);
  const tags0 = random.sample(LEGAL_TAGS, random.int(0, 3));
  const phone = random.chance(0.6) ? phoneFor(random, plan.country) : null;
  const hours = tags.map((tag) => stepHours(random, slaHours(definition, tag)));
  const fill = (tag: string, _answers: unknown, openedAt: number) => {
    const index = tags.indexOf(tag);
    const base = { hours: hours[index] ?? 1, by: people[index]?.id ?? null };
    if (index === 0) {
      return {
        ...base,
        answers: {
          [F.counterparty]: plan.counterparty,
          [F.value]: value,
          [F.termMonths]: termMonths,
          [F.autoRenewal]: autoRenewal,
          ...(autoRenewal && { [F.noticeDays]: random.pick([30, 60, 90, 180]) }),
          [F.governingLaw]: governingLaw,
        },
        files: [
          {
            fieldTag: F.document,
            multiple: false,
            files: [{ sample: 'contract' as const, name: `${slug(plan.brand)}-${slug(type)}.pdf` }],
          },
        ],
      };
    }
    if (index === 1) {
      return {
        ...base,
        answers: {
          [F.checklist]: [
            { clause: 'Limitation of liability', present: capped },
            { clause: 'Data protection (GDPR Article 28)', present: gdpr },
            { clause: 'Termination for convenience', present: random.chance(0.6) },
            {
              clause: 'Audit rights',
              present: random.chance(0.8),
              ...(random.chance(0.3) && { notes: 'Limited to one audit a year with 30 days notice.' }),
            },
          ],
          ...(capped && {
            [F.liabilityCap]: { amount: value.amount * random.pick([1, 1.5, 2]), currency: value.currency },
          }),
          [F.gdprClause]: gdpr,
          ...(tags0.length > 0 && { [F.legalTags]: tags0 }),
        },
      };
    }
    const signedAt = openedAt + base.hours * HOUR_MS * 0.8;
    return {
      ...base,
      answers: {
        [F.approver]: people[index]?.email ?? 'legal@acme.test',
        ...(phone && { [F.signatoryPhone]: phone }),
        [F.signedAt]: new Date(Math.round(signedAt / 60_000) * 60_000).toISOString(),
        [F.agreed]: true,
      },
    };
  };
  const result = walk(definition, w, {
    fill,
    until: context.now,
    ...(plan.stopAt !== undefined && { stopAt: (tag: string) => tag === plan.stopAt }),
  });
  waitOn(random, context, definition, w, result);
  return w;
}

export function contractSteps(context: DemoContext): string[] {
  return context.definitions.contract_review.step_groups.flatMap((g) => g.steps.map((s) => s.tag));
}
