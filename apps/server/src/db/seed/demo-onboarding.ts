import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import {
  type DemoContext,
  finishedAgoMs,
  openAgeHours,
  type Place,
  slaHours,
  waitOn,
} from './demo-context.js';
import { slug } from './demo-names.js';
import {
  choices,
  ONBOARDING_STEPS,
  type Profile,
  profile,
  type SupplierFacts,
  stepFill,
} from './demo-onboarding-answers.js';
import type { Random } from './demo-random.js';
import { RISK_DOMAIN_LABELS, RISK_DOMAINS, type RiskDomain, riskAssessment } from './demo-risk.js';
import { type DemoWorkflow, HOUR_MS, newDemoWorkflow, walk } from './demo-walk.js';

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

export type OnboardingPlan = SupplierFacts & { place: Place; stage: OnboardingStage };

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
  const stop =
    plan.stage === 'finished' ? undefined : ONBOARDING_STEPS.indexOf(STOP_STEP[plan.stage] as never);
  const options = {
    fill,
    ...(stop !== undefined && { stopAt: (tag: string) => ONBOARDING_STEPS.indexOf(tag as never) >= stop }),
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
  if (open) openStepAnswers(random, plan, w, open, result.openedAt, context.now);

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

// Work started on the step a workflow waits on: a half-filled intake, a rating chosen before the
// assessments are done. An open screening is its connector's to pre-fill (the seed queues its run).
function openStepAnswers(
  random: Random,
  plan: OnboardingPlan,
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
        at: Math.round(openedAt + (nowAt - openedAt) * random.next() * 0.8),
        by: w.createdBy,
      });
    }
  } else if (open === S.RISK && random.chance(0.3)) {
    Object.assign(w.answers, { [F.inherentRisk]: random.pick(['low', 'medium', 'high'] as const) });
  }
}
