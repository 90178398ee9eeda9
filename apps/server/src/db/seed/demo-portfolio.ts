import { SUPPLIER_ONBOARDING_FIELDS, SUPPLIER_ONBOARDING_STEPS } from '@attest/shared/testing';
import { type DemoContext, HISTORY_MS, type Place, pickPlace } from './demo-context.js';
import { contractReview, contractSteps } from './demo-contracts.js';
import { countryFor, newSupplier, type Supplier } from './demo-names.js';
import { type OnboardingStage, supplierOnboarding } from './demo-onboarding.js';
import { createRandom, type Random } from './demo-random.js';
import { RISK_DOMAIN_LABELS, RISK_DOMAINS, riskAssessment, riskAssessmentSteps } from './demo-risk.js';
import { DAY_MS, type DemoWorkflow, HOUR_MS } from './demo-walk.js';

// The acme demo's third-party-risk portfolio (issue 4): supplier onboardings at every stage with the
// risk assessments their due diligence started, contract reviews with the suppliers approved, and
// periodic re-assessments, over the last 18 months. About `count` workflows in all.
export const DEMO_PORTFOLIO_COUNT = 3000;
export const DEMO_PORTFOLIO_SEED = 20_261_122;

// Where onboardings stand today: mostly decided, the rest waiting on each of the steps.
const STAGES: readonly (readonly [OnboardingStage, number])[] = [
  ['draft', 9],
  ['screening', 6],
  ['risk', 8],
  ['security', 4],
  ['decision', 6],
  ['closing', 2],
  ['finished', 65],
];

// Shares of `count` (the risk assessments started from onboardings make up the rest).
const ONBOARDING_SHARE = 0.4;
const CONTRACT_SHARE = 0.16;
const PERIODIC_REVIEW_SHARE = 0.04;
// Suppliers in sanctioned jurisdictions: a few, so the red alerts show.
const HIGH_RISK_SHARE = 0.025;

type Onboarded = { w: DemoWorkflow; supplier: Supplier; place: Place; approvedAt: number | null };

export type DemoPortfolioOptions = { count: number; seed?: number };

// Deterministic: the same context and options give the same workflows.
export function generateDemoPortfolio(context: DemoContext, options: DemoPortfolioOptions): DemoWorkflow[] {
  if (context.places.length === 0) return [];
  const random = createRandom(options.seed ?? DEMO_PORTFOLIO_SEED);
  const usedNames = new Set<string>();
  const onboarded: Onboarded[] = [];
  for (let i = 0; i < Math.round(options.count * ONBOARDING_SHARE); i++) {
    const place = pickPlace(random, context.places);
    const highRisk = random.chance(HIGH_RISK_SHARE);
    const supplier = newSupplier(random, countryFor(random, place.regionName, highRisk), usedNames);
    const w = supplierOnboarding(random, context, {
      supplier,
      place,
      highRisk,
      stage: random.weighted(STAGES),
    });
    const approvedAt = w.submitted.find((s) => s.step === SUPPLIER_ONBOARDING_STEPS.APPROVED)?.at ?? null;
    onboarded.push({ w, supplier, place, approvedAt });
  }
  const approved = random.sample(
    onboarded.filter((o) => o.approvedAt !== null),
    onboarded.length,
  );
  const standalone = [
    ...contracts(random, context, approved, usedNames, Math.round(options.count * CONTRACT_SHARE)),
    ...periodicReviews(random, context, approved, Math.round(options.count * PERIODIC_REVIEW_SHARE)),
  ];
  return [...onboarded.map((o) => o.w), ...standalone];
}

function spendOf(w: DemoWorkflow) {
  return w.answers[SUPPLIER_ONBOARDING_FIELDS.annualSpend] as { amount: number; currency: string };
}

// Contracts follow approvals within two weeks (related to their onboarding); suppliers taken on before
// the tool make up the rest. A few negotiations stall on a step.
function contracts(
  random: Random,
  context: DemoContext,
  approved: readonly Onboarded[],
  usedNames: Set<string>,
  target: number,
): DemoWorkflow[] {
  const steps = contractSteps(context);
  const stall = () => (random.chance(0.12) ? { stopAt: random.pick(steps) } : {});
  let made = 0;
  for (const o of approved) {
    if (made >= target) break;
    const createdAt = (o.approvedAt as number) + random.int(1, 14) * DAY_MS + random.int(0, 8) * HOUR_MS;
    if (createdAt > context.now - HOUR_MS) continue;
    o.w.related.push(
      contractReview(random, context, {
        counterparty: o.supplier.name,
        brand: o.supplier.brand,
        country: o.supplier.country,
        place: o.place,
        annualSpend: spendOf(o.w),
        personalData: o.w.answers[SUPPLIER_ONBOARDING_FIELDS.personalData] === true,
        createdAt,
        ...stall(),
      }),
    );
    made++;
  }
  const legacy: DemoWorkflow[] = [];
  while (made + legacy.length < target) {
    const place = pickPlace(random, context.places);
    const supplier = newSupplier(random, countryFor(random, place.regionName, false), usedNames);
    legacy.push(
      contractReview(random, context, {
        counterparty: supplier.name,
        brand: supplier.brand,
        country: supplier.country,
        place,
        annualSpend: { amount: random.int(20, 900) * 1000, currency: 'EUR' },
        personalData: random.chance(0.4),
        createdAt: Math.round(context.now - HISTORY_MS * random.next() ** 1.25),
        ...stall(),
      }),
    );
  }
  return legacy;
}

// Approved suppliers are assessed again some months later, outside any onboarding.
function periodicReviews(
  random: Random,
  context: DemoContext,
  approved: readonly Onboarded[],
  target: number,
): DemoWorkflow[] {
  const steps = riskAssessmentSteps(context);
  const reviews: DemoWorkflow[] = [];
  for (const o of [...approved].reverse()) {
    if (reviews.length >= target) break;
    const createdAt = (o.approvedAt as number) + random.int(150, 400) * DAY_MS;
    if (createdAt > context.now - HOUR_MS) continue;
    const domain = random.pick(RISK_DOMAINS);
    reviews.push(
      riskAssessment(random, context, {
        name: `${o.supplier.name} – ${RISK_DOMAIN_LABELS[domain]} (periodic review)`,
        place: o.place,
        supplier: o.supplier.name,
        country: o.supplier.country,
        domain,
        createdAt,
        until: context.now,
        ...(random.chance(0.5) && { stopAt: random.pick(steps) }),
      }),
    );
  }
  return reviews;
}

// Every workflow of a generation, parents before what they started.
export function allDemoWorkflows(families: readonly DemoWorkflow[]): DemoWorkflow[] {
  return families.flatMap((w) => [w, ...allDemoWorkflows(w.children), ...allDemoWorkflows(w.related)]);
}
