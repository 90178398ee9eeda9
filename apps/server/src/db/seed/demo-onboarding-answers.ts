import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import { type DemoContext, doer, slaHours, stepHours } from './demo-context.js';
import { countryInfo, type Supplier, slug } from './demo-names.js';
import type { Random } from './demo-random.js';
import { DAY_MS, type StepFill } from './demo-walk.js';

// The steps of Supplier Onboarding in definition order (the security review may be hidden).
export const ONBOARDING_STEPS = [
  S.INTAKE,
  S.SCREENING,
  S.RISK,
  S.SECURITY,
  S.DECISION,
  S.APPROVED,
  S.REJECTED,
] as const;

export type SupplierFacts = { supplier: Supplier; highRisk: boolean };

// What the supplier turns out to be, which every later answer and the decision follow from.
export type Profile = {
  spend: { amount: number; currency: string };
  personalData: boolean;
  sanctions: 'no_match' | 'potential_match' | 'confirmed_match';
  adverseMedia: boolean;
  inherentRisk: 'low' | 'medium' | 'high';
  securityRating: number;
  reject: boolean;
};

export function profile(random: Random, plan: SupplierFacts): Profile {
  const { category, country } = plan.supplier;
  const tech = category === 'it_services' || category === 'cloud_hosting';
  const amount = Math.round(10 ** (4.2 + random.next() * 2.3) / 1000) * 1000;
  const personalData = random.chance(tech ? 0.75 : category === 'professional_services' ? 0.5 : 0.15);
  const sanctions = plan.highRisk
    ? random.weighted([
        ['no_match', 1],
        ['potential_match', 5],
        ['confirmed_match', 4],
      ] as const)
    : random.weighted([
        ['no_match', 88],
        ['potential_match', 10],
        ['confirmed_match', 2],
      ] as const);
  const adverseMedia = random.chance(plan.highRisk ? 0.3 : 0.07);
  const exposure = (personalData ? 1 : 0) + (amount >= 500_000 ? 1 : 0) + (sanctions !== 'no_match' ? 2 : 0);
  const inherentRisk = random.weighted([
    ['low', exposure === 0 ? 50 : 15],
    ['medium', 45],
    ['high', 8 + exposure * 12],
  ] as const);
  const securityRating = random.weighted([
    [1, 3],
    [2, 8],
    [3, 30],
    [4, 40],
    [5, 19],
  ] as const);
  const rejectChance =
    sanctions === 'confirmed_match' || plan.highRisk
      ? 0.95
      : 0.05 +
        (inherentRisk === 'high' ? 0.35 : 0) +
        (sanctions === 'potential_match' ? 0.2 : 0) +
        (adverseMedia ? 0.3 : 0) +
        (securityRating <= 2 ? 0.3 : 0);
  return {
    spend: { amount, currency: countryInfo(country).currency },
    personalData,
    sanctions,
    adverseMedia,
    inherentRisk,
    securityRating,
    reject: random.chance(Math.min(rejectChance, 0.95)),
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function rationale(p: Profile, approve: boolean): string {
  if (approve) {
    return p.inherentRisk === 'high'
      ? 'High inherent risk, mitigated by the controls assessed; approved with conditions.'
      : 'Screening is clear and the risk assessments show acceptable residual risk.';
  }
  if (p.sanctions === 'confirmed_match')
    return 'Confirmed sanctions match: we cannot contract with this party.';
  if (p.adverseMedia) return 'Adverse media on bribery allegations; the risk is outside our appetite.';
  return 'Residual risk remains high after the assessments and no remediation plan was offered.';
}

// What a person writes and chooses on each step, drawn before the workflow is laid out in time, so
// that laying it out twice (to measure it, then for real) gives the same answers.
export type Choices = {
  hours: Record<string, number>;
  by: Record<string, string | null>;
  website: boolean;
  secondReport: boolean;
  conditions: boolean;
  approvalNote: boolean;
  contractStartDays: number;
};

export function choices(random: Random, context: DemoContext): Choices {
  const definition = context.definitions.supplier_onboarding;
  const hours: Record<string, number> = {};
  const by: Record<string, string | null> = {};
  for (const tag of ONBOARDING_STEPS) {
    const closing = tag === S.APPROVED || tag === S.REJECTED;
    hours[tag] = closing ? 1 + random.next() * 30 : stepHours(random, slaHours(definition, tag));
    by[tag] = doer(random, context, definition, tag);
  }
  return {
    hours,
    by,
    website: random.chance(0.85),
    secondReport: random.chance(0.3),
    conditions: random.chance(0.4),
    approvalNote: random.chance(0.5),
    contractStartDays: random.int(20, 90),
  };
}

export function stepFill(plan: SupplierFacts, p: Profile, c: Choices, childCount: number) {
  const { supplier } = plan;
  const approve = !p.reject;
  const fileName = (what: string) => `${slug(supplier.brand)}-${what}.pdf`;
  return (tag: string, _answers: unknown, openedAt: number): StepFill => {
    const base = { hours: c.hours[tag] ?? 1, by: c.by[tag] ?? null };
    switch (tag) {
      case S.INTAKE:
        return {
          ...base,
          answers: {
            [F.supplierName]: supplier.name,
            ...(c.website && { [F.website]: supplier.website }),
            [F.country]: supplier.country,
            [F.category]: supplier.category,
            [F.annualSpend]: p.spend,
            [F.contractStart]: day(openedAt + c.contractStartDays * DAY_MS),
            [F.contactEmail]: supplier.contactEmail,
            [F.personalData]: p.personalData,
          },
          files: [
            {
              fieldTag: F.certificate,
              multiple: false,
              files: [{ sample: 'certificate', name: fileName('iso-27001-certificate') }],
            },
          ],
        };
      case S.SCREENING:
        return { ...base, answers: screeningAnswers(p) };
      case S.RISK:
        return {
          ...base,
          answers: { [F.inherentRisk]: p.inherentRisk, ...(p.personalData && { [F.dpaSigned]: true }) },
          children: { fieldTag: F.riskAssessments, count: childCount },
        };
      case S.SECURITY:
        return {
          ...base,
          answers: { [F.securityRating]: p.securityRating },
          files: [
            {
              fieldTag: F.securityReport,
              multiple: true,
              files: [
                { sample: 'security_report', name: fileName('soc-2-type-ii-report') },
                ...(c.secondReport
                  ? [{ sample: 'security_report' as const, name: fileName('penetration-test-summary') }]
                  : []),
              ],
            },
          ],
        };
      case S.DECISION:
        return {
          ...base,
          answers: {
            [F.decision]: approve ? 'approve' : 'reject',
            [F.rationale]: rationale(p, approve),
            ...(approve &&
              c.conditions && {
                [F.conditions]: 'Annual re-assessment; the DPA annex is countersigned before go-live.',
              }),
          },
        };
      case S.APPROVED:
        return {
          ...base,
          answers: c.approvalNote ? { [F.approvalNote]: 'Supplier can be set up in the ERP.' } : {},
        };
      default:
        return {
          ...base,
          answers: {
            [F.rejectionNote]: `Thank you for your interest. ${supplier.name} does not meet our third-party requirements at this time.`,
          },
        };
    }
  };
}

export function screeningAnswers(p: Profile) {
  return {
    [F.sanctionsResult]: p.sanctions,
    ...(p.sanctions === 'potential_match' && {
      [F.sanctionsNotes]:
        'Similar name on the EU consolidated list; registration number and address differ, so not the same party.',
    }),
    ...(p.sanctions === 'confirmed_match' && {
      [F.sanctionsNotes]: 'Same registration number and directors as the listed party.',
    }),
    [F.adverseMedia]: p.adverseMedia,
  };
}
