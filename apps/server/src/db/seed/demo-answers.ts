import {
  type CascaderOption,
  evaluateWorkflow,
  type FieldDefinition,
  isAnswerable,
  submitStep,
  type TableColumn,
  type WorkflowDefinition,
  type WorkflowState,
} from '@attest/shared';

// Plausible answers for the demo content, made from the field definitions alone, so they pass the
// engine's validation whatever the demo definitions hold. `pick` is the seed's random source.
export type Pick = <T>(items: readonly T[]) => T;

const COUNTRIES = ['DE', 'FR', 'GB', 'US', 'NL', 'SE', 'JP', 'SG', 'CA', 'ES', 'IT', 'RU'];
const WORDS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adatum', 'Proseware', 'Wingtip'];
const SENTENCES = [
  'Reviewed the evidence provided and found it complete and consistent with our policy.',
  'The supplier answered every question; two minor gaps are tracked as follow-up actions.',
  'Screening returned no relevant results; the documentation matches the registered entity.',
  'Controls are adequate for the data involved; re-assess at the next annual review.',
];

const demoFile = (name: string) => ({ id: 1, name, size: 184_320, content_type: 'application/pdf' });

function cascaderPath(options: readonly CascaderOption[], pick: Pick): string[] {
  const option = pick(options);
  return [option.value, ...(option.children ? cascaderPath(option.children, pick) : [])];
}

function numberIn(field: FieldDefinition | TableColumn, pick: Pick, fallbackMax: number): number {
  const min = field.validation?.min ?? 0;
  const max = field.validation?.max ?? fallbackMax;
  const step = field.validation?.step ?? 1;
  const steps = Math.max(0, Math.floor((max - min) / step));
  return min + step * pick([...Array(steps + 1).keys()]);
}

export function demoAnswer(
  field: FieldDefinition | TableColumn,
  pick: Pick,
  refs: { childIds: () => number[] },
): unknown {
  const v = field.validation ?? {};
  const options = 'options' in field ? field.options : undefined;
  switch (field.type) {
    case 'char_field':
      return `${pick(WORDS)} ${pick(['Ltd', 'GmbH', 'Inc.', 'SAS', 'BV'])}`.slice(0, v.max_length ?? 200);
    case 'text':
    case 'html':
      return pick(SENTENCES);
    case 'url':
      return `https://www.${pick(WORDS).toLowerCase()}.example.com`;
    case 'email':
      return `contact@${pick(WORDS).toLowerCase()}.example.com`;
    case 'phone':
      return '+44 20 7946 0958';
    case 'country_single_select':
      return v.countries ? pick(v.countries) : pick(COUNTRIES);
    case 'country_multi_select':
      return [v.countries ? pick(v.countries) : pick(COUNTRIES)];
    case 'single_select':
    case 'radio':
      return pick(options ?? []).value;
    case 'multi_select':
    case 'grouped_checkbox':
      return [pick(options ?? []).value];
    case 'cascader':
      return 'cascader_options' in field && field.cascader_options
        ? cascaderPath(field.cascader_options, pick)
        : null;
    case 'currency':
      return {
        amount: pick([25_000, 120_000, 480_000, 1_250_000, 3_400_000]),
        currency: pick(v.currencies ?? ['EUR']),
      };
    case 'integer':
      return numberIn(field, pick, 36);
    case 'decimal':
      return numberIn(field, pick, 100);
    case 'slider':
      return numberIn(field, pick, 10);
    case 'rating':
      return pick([1, 2, 3, 4, 5].filter((n) => n <= (v.max ?? 5)));
    case 'bool':
      return pick([true, false, false]);
    case 'checkbox':
      return true;
    case 'naive_date':
      return pick(['2026-01-15', '2026-02-01', '2026-03-01', '2026-04-01']);
    case 'date':
      return pick(['2026-01-20T10:00:00.000Z', '2026-02-11T14:30:00.000Z', '2026-03-05T09:15:00.000Z']);
    case 'relative_date':
      return pick(['6M', '12M']);
    case 'file':
    case 's3_object':
    case 'e_signature':
      return demoFile(`${field.label.split(' ')[0] ?? 'document'}.pdf`);
    case 'multi_file':
    case 'attachment':
      return [demoFile('evidence.pdf')];
    case 'badge_tags':
      return [pick(['priority', 'renewal', 'critical-supplier'])];
    case 'table':
      return 'columns' in field && field.columns
        ? [0, 1].map(() =>
            Object.fromEntries(field.columns?.map((c) => [c.tag, demoAnswer(c, pick, refs)]) ?? []),
          )
        : [];
    case 'child_workflow':
      return refs.childIds();
    default:
      return null;
  }
}

export type DemoHistory = {
  answers: Record<string, unknown>;
  submitted: { step: string; at: Date; by: string | null }[];
};

// A workflow's history up to `stages` submitted steps: each open step in turn gets answers for its
// visible fields (in order, so a field shown by an earlier answer is answered too) and is submitted
// through the engine, a day or a few after the one before.
export function demoHistory(
  definition: WorkflowDefinition,
  stages: number,
  options: { pick: Pick; createdAt: Date; people: readonly string[]; childIds: () => number[] },
): DemoHistory {
  let state: WorkflowState = { answers: {}, completed_steps: [] };
  const submitted: DemoHistory['submitted'] = [];
  let at = options.createdAt.getTime();
  for (let stage = 0; stage < stages; stage++) {
    const stepTag = evaluateWorkflow(definition, state).enabled_steps[0];
    const step = definition.step_groups.flatMap((g) => g.steps).find((s) => s.tag === stepTag);
    if (!step) break;
    for (const field of step.fields) {
      if (!isAnswerable(field.type)) continue;
      if (!evaluateWorkflow(definition, state).visible_fields.includes(field.tag)) continue;
      const value = demoAnswer(field, options.pick, { childIds: options.childIds });
      if (value !== null) state = { ...state, answers: { ...state.answers, [field.tag]: value } };
    }
    const result = submitStep(definition, state, step.tag);
    if (!result.ok) break;
    at = Math.min(Date.now(), at + options.pick([1, 2, 3, 5]) * 24 * 3600 * 1000);
    submitted.push({ step: step.tag, at: new Date(at), by: options.pick(options.people) });
    state = result.state;
  }
  return { answers: state.answers, submitted };
}
