import { RISK_ASSESSMENT_FIELDS as F } from '@attest/shared/testing';
import { type DemoContext, doer, type Place, slaHours, stepHours, waitOn } from './demo-context.js';
import type { Random } from './demo-random.js';
import { type DemoWorkflow, HOUR_MS, newDemoWorkflow, walk } from './demo-walk.js';

export const RISK_DOMAINS = [
  'information_security',
  'data_privacy',
  'financial',
  'operational',
  'compliance',
  'esg',
] as const;
export type RiskDomain = (typeof RISK_DOMAINS)[number];

export const RISK_DOMAIN_LABELS: Record<RiskDomain, string> = {
  information_security: 'Information security',
  data_privacy: 'Data privacy',
  financial: 'Financial',
  operational: 'Operational resilience',
  compliance: 'Regulatory compliance',
  esg: 'ESG',
};

const SCENARIOS: Record<RiskDomain, readonly string[]> = {
  information_security: [
    'A compromised {s} administrator account could expose our production data.',
    '{s} runs internet-facing systems that hold our credentials; an unpatched flaw would give access to them.',
    'Ransomware at {s} could stop the service and leak the documents we share with them.',
  ],
  data_privacy: [
    '{s} would process customer personal data; a breach or unlawful transfer outside the EEA is reportable.',
    'Sub-processors of {s} are not all known yet; personal data could reach a party without a DPA.',
    '{s} keeps employee records longer than our retention policy allows.',
  ],
  financial: [
    '{s} shows thin margins and rising debt; insolvency would leave us without a replacement in time.',
    'Our spend would make up a large share of the revenue of {s}, a dependency on both sides.',
    'Late filing of accounts by {s}; payment terms may hide cash-flow problems.',
  ],
  operational: [
    'A single warehouse of {s} handles all our shipments; a disruption stops deliveries for weeks.',
    '{s} has no tested business continuity plan for the service we buy.',
    'Key-person dependency: two engineers at {s} run the whole service.',
  ],
  compliance: [
    '{s} operates in a sector with licensing rules we have not verified.',
    'Anti-bribery controls at {s} are informal; they use agents to win public contracts.',
    'Export-control classification of the goods from {s} is unclear.',
  ],
  esg: [
    'Tier-2 suppliers of {s} source from regions with forced-labour concerns.',
    '{s} reports no scope 3 emissions; our own reporting depends on them.',
    'Health and safety incidents at a site of {s} were reported in the press last year.',
  ],
};

const CONTROLS = ['mfa', 'least_privilege', 'encryption_at_rest', 'dlp', 'bcp_tested', 'backup_offsite'];

function location(country: string, regionName: string): string[] {
  if (country === 'GB') return ['emea', 'uk'];
  if (['RU', 'BY', 'IR'].includes(country)) return ['emea', 'mea'];
  if (country === 'MX' || country === 'CU') return ['americas', 'latam'];
  if (regionName === 'Europe') return ['emea', 'eu'];
  if (regionName === 'North America') return ['americas', 'north_america'];
  return ['apac'];
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type RiskAssessmentPlan = {
  name: string;
  place: Place;
  supplier: string;
  country: string;
  domain: RiskDomain;
  createdAt: number;
  // The step to leave open, if it gets that far.
  stopAt?: string;
  // Finished by then: the step durations shrink to fit (a parent waiting on its assessments).
  finishBy?: number;
  // Nothing submitted after this instant.
  until?: number;
};

// One Risk Assessment: scoped, scored with its controls, then signed off by the second line.
export function riskAssessment(random: Random, context: DemoContext, plan: RiskAssessmentPlan): DemoWorkflow {
  const definition = context.definitions.risk_assessment;
  const tags = definition.step_groups.flatMap((g) => g.steps.map((s) => s.tag));
  const w = newDemoWorkflow({
    kind: 'risk_assessment',
    name: plan.name,
    regionId: plan.place.regionId,
    businessUnitId: plan.place.businessUnitId,
    createdBy: doer(random, context, definition, tags[0] as string),
    createdAt: plan.createdAt,
  });
  const hours = tags.map((tag) => stepHours(random, slaHours(definition, tag)));
  if (plan.finishBy !== undefined) {
    const available = (plan.finishBy - plan.createdAt) / HOUR_MS;
    const total = hours.reduce((a, b) => a + b, 0);
    if (total > available)
      for (let i = 0; i < hours.length; i++) hours[i] = ((hours[i] as number) * available) / total;
  }
  const likelihood = random.int(1, 5);
  const impact = random.int(1, 5);
  const controls = random.chance(0.08) ? [] : random.sample(CONTROLS, random.int(1, 5));
  const score = likelihood * impact - (controls.length >= 3 ? 4 : 0);
  const residual = score >= 15 ? 'high' : score >= 6 ? 'medium' : 'low';
  const answersOf = (tag: string, openedAt: number, stepHoursTaken: number): Record<string, unknown> => {
    if (tag === tags[0]) {
      return {
        [F.domain]: plan.domain,
        [F.description]: random.pick(SCENARIOS[plan.domain]).replaceAll('{s}', plan.supplier),
        ...(random.chance(0.85) && { [F.location]: location(plan.country, plan.place.regionName) }),
      };
    }
    if (tag === tags[1]) {
      return {
        [F.likelihood]: likelihood,
        [F.impact]: impact,
        ...(controls.length > 0 && { [F.controls]: controls }),
        [F.residualRisk]: residual,
      };
    }
    return {
      ...(random.chance(0.6) && {
        [F.reviewerComments]:
          residual === 'high'
            ? 'Accepted with a remediation plan; follow up at the next review.'
            : 'Scoring and controls agreed with the first line.',
      }),
      [F.reviewDate]: day(openedAt + stepHoursTaken * HOUR_MS),
      ...(random.chance(0.7) && { [F.nextReview]: residual === 'high' ? '6M' : random.pick(['12M', '24M']) }),
    };
  };
  const result = walk(definition, w, {
    ...(plan.stopAt !== undefined && { stopAt: (tag: string) => tag === plan.stopAt }),
    ...(plan.until !== undefined && { until: plan.until }),
    fill: (tag, _answers, openedAt) => {
      const taken = hours[tags.indexOf(tag)] ?? 1;
      return {
        answers: answersOf(tag, openedAt, taken),
        hours: taken,
        by: doer(random, context, definition, tag),
      };
    },
  });
  waitOn(random, context, definition, w, result);
  return w;
}

export function riskAssessmentSteps(context: DemoContext): string[] {
  return context.definitions.risk_assessment.step_groups.flatMap((g) => g.steps.map((s) => s.tag));
}
