import {
  evaluateWorkflow,
  flattenSteps,
  isAnswerable,
  submitStep,
  type WorkflowDefinition,
  type WorkflowState,
} from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import type { NewWorkflow } from '../../apps/server/src/modules/workflows/create-workflows.js';

// The template workflows of the 1M seed: a few thousand Supplier Onboardings created through the
// engine (createWorkflows: submitStep, the materialiser's step rows, alerts, answer projections).
// The SQL clone (bench-clone.ts) copies them a million times with per-workflow values.

export type Random = {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly [T, number][]) => T;
};

// mulberry32: every fresh bench database holds the same templates.
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: readonly [T, number][]) => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as [T, number])[0];
  };
  return { next, pick, weighted };
}

// Countries the clone may swap in, by class: the high-risk ones raise the jurisdiction alert, so a
// clone keeps its template's class and therefore its alerts.
export const HIGH_RISK_COUNTRIES = ['BY', 'CU', 'IR', 'KP', 'RU', 'SY'];
export const ORDINARY_COUNTRIES = [
  'DE',
  'FR',
  'GB',
  'US',
  'NL',
  'SE',
  'JP',
  'SG',
  'CA',
  'ES',
  'IT',
  'CH',
  'IN',
  'BR',
  'AU',
  'PL',
];
// Material spend (an amber alert) starts at 1,000,000: clones keep their template's side.
export const MATERIAL_SPEND = 1_000_000;

const WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adatum', 'Proseware', 'Wingtip'];
const SENTENCES = [
  'Reviewed the evidence provided and found it complete and consistent with our policy.',
  'The supplier answered every question; two minor gaps are tracked as follow-up actions.',
  'Screening returned no relevant results; the documentation matches the registered entity.',
  'Controls are adequate for the data involved; re-assess at the next annual review.',
];
const file = (name: string) => ({ id: 1, name, size: 184_320, content_type: 'application/pdf' });

type Profile = {
  highRisk: boolean;
  material: boolean;
  category: string;
  personalData: boolean;
  sanctions: string;
  adverseMedia: boolean;
  inherentRisk: string;
  reject: boolean;
};

function profile(r: Random): Profile {
  const sanctions = r.weighted([
    ['no_match', 92],
    ['potential_match', 6],
    ['confirmed_match', 2],
  ]);
  return {
    highRisk: r.next() < 0.03,
    material: r.next() < 0.12,
    category: r.weighted([
      ['it_services', 25],
      ['cloud_hosting', 15],
      ['logistics', 15],
      ['raw_materials', 15],
      ['professional_services', 20],
      ['facilities', 10],
    ]),
    personalData: r.next() < 0.4,
    sanctions,
    adverseMedia: r.next() < 0.08,
    inherentRisk: r.weighted([
      ['low', 45],
      ['medium', 40],
      ['high', 15],
    ]),
    reject: sanctions === 'confirmed_match' || r.next() < 0.12,
  };
}

function answerFor(tag: string, p: Profile, r: Random, riskPool: readonly number[]): unknown {
  switch (tag) {
    case F.supplierName:
      return `${r.pick(WORDS)} ${r.pick(['Ltd', 'GmbH', 'Inc.', 'SAS', 'BV'])}`;
    case F.website:
      return r.next() < 0.8 ? `https://www.${r.pick(WORDS).toLowerCase()}.example.com` : null;
    case F.country:
      return r.pick(p.highRisk ? HIGH_RISK_COUNTRIES : ORDINARY_COUNTRIES);
    case F.category:
      return p.category;
    case F.annualSpend:
      return {
        amount: p.material
          ? 1_000_000 + 1000 * Math.floor(r.next() * 9000)
          : 5000 + 1000 * Math.floor(r.next() * 990),
        currency: r.weighted([
          ['USD', 45],
          ['EUR', 35],
          ['GBP', 15],
          ['CHF', 5],
        ]),
      };
    case F.contractStart:
      return `2026-0${1 + Math.floor(r.next() * 9)}-01`;
    case F.certificate:
      return file('certificate.pdf');
    case F.contactEmail:
      return `contact@${r.pick(WORDS).toLowerCase()}.example.com`;
    case F.personalData:
      return p.personalData;
    case F.sanctionsResult:
      return p.sanctions;
    case F.sanctionsNotes:
    case F.rationale:
      return r.pick(SENTENCES);
    case F.adverseMedia:
      return p.adverseMedia;
    case F.riskAssessments:
      return [r.pick(riskPool)];
    case F.inherentRisk:
      return p.inherentRisk;
    case F.dpaSigned:
      return true;
    case F.securityReport:
      return [file('soc2-report.pdf')];
    case F.securityRating:
      return 1 + Math.floor(r.next() * 5);
    case F.decision:
      return p.reject ? 'reject' : 'approve';
    case F.conditions:
    case F.approvalNote:
      return r.next() < 0.4 ? r.pick(SENTENCES) : null;
    case F.rejectionNote:
      return 'We cannot onboard your company at this time; thank you for your interest.';
    default:
      return null;
  }
}

export type Template = { input: NewWorkflow; finished: boolean; stage: number };

// One template: `stages` steps answered (visible fields in order, so a field an earlier answer shows
// is answered too) and submitted through the engine, one to four days apart; the step left open
// (if any) has about half its fields answered, as a person part-way through it would.
export function template(
  kind: NewWorkflow['kind'],
  r: Random,
  options: {
    finished: boolean;
    stages: number;
    createdAt: Date;
    people: readonly string[];
    riskPool: readonly number[];
    regionId: string;
    businessUnitId: string | null;
  },
): Template {
  const definition: WorkflowDefinition = kind.definition;
  const p = profile(r);
  const steps = flattenSteps(definition);
  let state: WorkflowState = { answers: {}, completed_steps: [] };
  const submitted: { step: string; at: Date; by: string | null }[] = [];
  let at = options.createdAt.getTime();
  const answerStep = (stepTag: string, share: number) => {
    const step = steps.find((s) => s.tag === stepTag);
    for (const field of step?.fields ?? []) {
      if (!isAnswerable(field.type) || r.next() >= share) continue;
      if (!evaluateWorkflow(definition, state).visible_fields.includes(field.tag)) continue;
      const value = answerFor(field.tag, p, r, options.riskPool);
      if (value !== null) state = { ...state, answers: { ...state.answers, [field.tag]: value } };
    }
  };
  for (let stage = 0; options.finished || stage < options.stages; stage++) {
    const stepTag = evaluateWorkflow(definition, state).enabled_steps[0];
    if (!stepTag) break;
    answerStep(stepTag, 1);
    const result = submitStep(definition, state, stepTag);
    if (!result.ok) throw new Error(`Template cannot submit ${stepTag}: ${result.message}`);
    at += (1 + Math.floor(r.next() * 4)) * 24 * 3600 * 1000 + Math.floor(r.next() * 8 * 3600 * 1000);
    submitted.push({ step: stepTag, at: new Date(at), by: r.pick(options.people) });
    state = result.state;
  }
  const open = evaluateWorkflow(definition, state).enabled_steps[0];
  if (open) answerStep(open, 0.5);
  const name = String(state.answers[F.supplierName] ?? `Supplier ${Math.floor(r.next() * 1e6)}`);
  return {
    finished: !open,
    stage: submitted.length,
    input: {
      kind,
      name: `${name} – ${definition.kind.name}`,
      regionId: options.regionId,
      businessUnitId: options.businessUnitId,
      createdBy: r.pick(options.people),
      createdAt: options.createdAt,
      answers: state.answers,
      submitted,
    },
  };
}
