import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared';
import {
  type DemoContext,
  doer,
  finishedAgoMs,
  openAgeHours,
  type Place,
  slaHours,
  stepHours,
  waitOn,
} from './demo-context.js';
import { countryInfo, type Supplier, slug } from './demo-names.js';
import type { Random } from './demo-random.js';
import { RISK_DOMAIN_LABELS, RISK_DOMAINS, type RiskDomain, riskAssessment } from './demo-risk.js';
import { DAY_MS, type DemoWorkflow, HOUR_MS, newDemoWorkflow, type StepFill, walk } from './demo-walk.js';

// Where an onboarding stands: still a draft, waiting on one of its steps, or decided.
export type OnboardingStage =
  | 'draft'
  | 'screening'
  | 'risk'
  | 'security'
  | 'decision'
  | 'closing'
  | 'finished';
const STOP_STEP: Record<Exclude<OnboardingStage, 'finished'>, string> = {
  draft: S.INTAKE,
  screening: S.SCREENING,
  risk: S.RISK,
  // Hidden for suppliers outside IT that touch no personal data: those wait on the decision.
  security: S.SECURITY,
  decision: S.DECISION,
  closing: S.APPROVED,
};
const ORDER = [S.INTAKE, S.SCREENING, S.RISK, S.SECURITY, S.DECISION, S.APPROVED, S.REJECTED] as const;

export type OnboardingPlan = { supplier: Supplier; place: Place; highRisk: boolean; stage: OnboardingStage };

type Profile = {
  spend: { amount: number; currency: string };
  personalData: boolean;
  sanctions: 'no_match' | 'potential_match' | 'confirmed_match';
  adverseMedia: boolean;
  inherentRisk: 'low' | 'medium' | 'high';
  securityRating: number;
  reject: boolean;
};

function profile(random: Random, plan: OnboardingPlan): Profile {
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

// The risk domains worth an assessment for this supplier, most relevant first.
function riskDomains(random: Random, plan: OnboardingPlan, p: Profile): RiskDomain[] {
  const { category } = plan.supplier;
  const relevant: RiskDomain[] = [];
  if (category === 'it_services' || category === 'cloud_hosting') relevant.push('information_security');
  if (p.personalData) relevant.push('data_privacy');
  if (p.spend.amount >= 500_000) relevant.push('financial');
  if (['logistics', 'raw_materials', 'facilities'].includes(category)) relevant.push('operational');
  const rest = random.sample(
    RISK_DOMAINS.filter((d) => !relevant.includes(d)),
    RISK_DOMAINS.length,
  );
  return [...relevant, ...rest];
}

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
type Choices = {
  hours: Record<string, number>;
  by: Record<string, string | null>;
  website: boolean;
  secondReport: boolean;
  conditions: boolean;
  approvalNote: boolean;
  contractStartDays: number;
};

function choices(random: Random, context: DemoContext): Choices {
  const definition = context.definitions.supplier_onboarding;
  const hours: Record<string, number> = {};
  const by: Record<string, string | null> = {};
  for (const tag of ORDER) {
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

function stepFill(plan: OnboardingPlan, p: Profile, c: Choices, childCount: number) {
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

// One Supplier Onboarding with the Risk Assessments started from its due-diligence step, laid out in
// time so that the stage it reaches is where it stands today.
export function supplierOnboarding(random: Random, context: DemoContext, plan: OnboardingPlan): DemoWorkflow {
  const definition = context.definitions.supplier_onboarding;
  const { supplier } = plan;
  const p = profile(random, plan);
  const c = choices(random, context);
  const domains = riskDomains(random, plan, p);
  const childCount = random.weighted([
    [1, 86],
    [2, 12],
    [3, 2],
  ] as const);
  const fill = stepFill(plan, p, c, childCount);
  const stop = plan.stage === 'finished' ? undefined : ORDER.indexOf(STOP_STEP[plan.stage] as never);
  const options = {
    fill,
    ...(stop !== undefined && { stopAt: (tag: string) => ORDER.indexOf(tag as never) >= stop }),
  };
  const fields = {
    kind: 'supplier_onboarding' as const,
    name: supplier.name,
    regionId: plan.place.regionId,
    businessUnitId: plan.place.businessUnitId,
    createdBy: c.by[S.INTAKE] ?? null,
  };
  // Laid out from 0 to measure it, then again from the start that makes it end where it should today:
  // the step it waits on open for a while, or decided some time in the last 18 months.
  const dry = walk(definition, newDemoWorkflow({ ...fields, createdAt: 0 }), options);
  const createdAt = dry.openStep
    ? context.now - dry.openedAt - openAgeHours(random, slaHours(definition, dry.openStep)) * HOUR_MS
    : context.now - finishedAgoMs(random, dry.openedAt);
  const w = newDemoWorkflow({ ...fields, createdAt: Math.round(createdAt) });
  const result = walk(definition, w, options);
  const open = result.openStep;
  waitOn(random, context, definition, w, result);
  if (open) openStepAnswers(random, plan, p, w, open, result.openedAt, context.now);

  const risk = result.times.get(S.RISK);
  const riskOpened = risk?.opened ?? (open === S.RISK ? result.openedAt : undefined);
  if (riskOpened !== undefined) {
    const count = risk
      ? childCount
      : random.weighted([
          [0, 30],
          [1, 55],
          [2, 15],
        ] as const);
    const end = risk?.submitted ?? context.now;
    for (const domain of domains.slice(0, count)) {
      const childCreatedAt = Math.round(riskOpened + (end - riskOpened) * (0.02 + random.next() * 0.2));
      w.children.push(
        riskAssessment(random, context, {
          name: `${supplier.name} – ${RISK_DOMAIN_LABELS[domain]}`,
          place: plan.place,
          supplier: supplier.name,
          country: supplier.country,
          domain,
          createdAt: childCreatedAt,
          ...(risk ? { finishBy: risk.submitted - HOUR_MS } : { until: context.now }),
        }),
      );
    }
    if (count > 0) w.childFieldTag = F.riskAssessments;
  }
  return w;
}

function screeningAnswers(p: Profile) {
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

// Work started on the step a workflow waits on: a half-filled intake, a screening the connector
// pre-filled, a rating chosen before the assessments are done.
function openStepAnswers(
  random: Random,
  plan: OnboardingPlan,
  p: Profile,
  w: DemoWorkflow,
  open: string,
  openedAt: number,
  nowAt: number,
) {
  const { supplier } = plan;
  if (open === S.INTAKE) {
    Object.assign(w.answers, {
      [F.supplierName]: supplier.name,
      ...(random.chance(0.9) && { [F.country]: supplier.country }),
      ...(random.chance(0.8) && { [F.category]: supplier.category }),
      ...(random.chance(0.5) && { [F.website]: supplier.website }),
      ...(random.chance(0.5) && { [F.contactEmail]: supplier.contactEmail }),
    });
    if (random.chance(0.3)) {
      w.files.push({
        fieldTag: F.certificate,
        multiple: false,
        files: [{ sample: 'certificate', name: `${slug(supplier.brand)}-iso-27001-certificate.pdf` }],
        at: openedAt + (nowAt - openedAt) * random.next() * 0.8,
        by: w.createdBy,
      });
    }
  } else if (open === S.SCREENING) {
    // What the screening connector pre-fills when the step opens; the adverse-media check is the
    // reviewer's. (Seeded as answers: the history predates the tool's integration runs.)
    const { [F.adverseMedia]: _reviewersPart, ...screened } = screeningAnswers(p);
    Object.assign(w.answers, screened);
  } else if (open === S.RISK && random.chance(0.3)) {
    Object.assign(w.answers, { [F.inherentRisk]: random.pick(['low', 'medium', 'high'] as const) });
  }
}
