import { evaluateWorkflow, submitStep, type WorkflowDefinition } from '@attest/shared';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export type DemoKindTag = 'supplier_onboarding' | 'risk_assessment' | 'contract_review';

// The sample documents the seed stores once per tenant (demo-sample-files.ts).
export type SampleFile = 'certificate' | 'security_report' | 'contract';
export type DemoFile = { sample: SampleFile; name: string };
// A file field's answer: its attachments exist only once the workflow does, so the seed fills it in.
export type FileHole = {
  fieldTag: string;
  multiple: boolean;
  files: DemoFile[];
  at: number;
  by: string | null;
};

// One generated workflow, times in epoch milliseconds. Its answers leave out what needs ids the
// database gives: file fields (`files`) and the child_workflow field (`children`, started from
// `childFieldTag`). `related` workflows name this one as their parent without a field (a contract
// signed with an approved supplier).
export type DemoWorkflow = {
  kind: DemoKindTag;
  name: string;
  regionId: string;
  businessUnitId: string | null;
  createdBy: string | null;
  createdAt: number;
  answers: Record<string, unknown>;
  submitted: { step: string; at: number; by: string | null }[];
  files: FileHole[];
  childFieldTag: string | null;
  children: DemoWorkflow[];
  related: DemoWorkflow[];
  // The step it waits on, and the person it is assigned to beside the step's team.
  waitingOn: { step: string; assignee: string | null } | null;
};

export type StepFill = {
  answers?: Record<string, unknown>;
  files?: { fieldTag: string; multiple: boolean; files: DemoFile[] }[];
  // Children started from a child_workflow field before the step is submitted.
  children?: { fieldTag: string; count: number };
  hours: number;
  by: string | null;
};

export type WalkOptions = {
  // Called when the step is next, with the instant it opened.
  fill: (step: string, answers: Readonly<Record<string, unknown>>, openedAt: number) => StepFill;
  // Leave the workflow with this step open.
  stopAt?: (step: string) => boolean;
  // Nothing is submitted after this instant (the present, or a parent's deadline).
  until?: number;
};

export type WalkResult = {
  openStep: string | null;
  // When the open step opened (or the last step was submitted).
  openedAt: number;
  // When each submitted step opened and was submitted.
  times: Map<string, { opened: number; submitted: number }>;
};

// Stand-ins with the shape of real answers, so the engine's submission check sees the step complete.
const STAND_IN_FILE = { id: 1, name: 'stand-in.pdf', size: 1, content_type: 'application/pdf' };

export function newDemoWorkflow(
  fields: Pick<DemoWorkflow, 'kind' | 'name' | 'regionId' | 'businessUnitId' | 'createdBy' | 'createdAt'>,
): DemoWorkflow {
  return {
    ...fields,
    answers: {},
    submitted: [],
    files: [],
    childFieldTag: null,
    children: [],
    related: [],
    waitingOn: null,
  };
}

// Submits steps in the order the engine opens them, filling each just before, until the workflow
// is finished, `stopAt` names the next step, or the next submission would fall after `until`.
export function walk(definition: WorkflowDefinition, w: DemoWorkflow, options: WalkOptions): WalkResult {
  const standIns: Record<string, unknown> = {};
  let state = { answers: { ...w.answers }, completed_steps: [] as string[] };
  let at = w.submitted.at(-1)?.at ?? w.createdAt;
  const times = new Map<string, { opened: number; submitted: number }>();
  for (;;) {
    const step = evaluateWorkflow(definition, state).enabled_steps[0];
    if (!step || options.stopAt?.(step)) return { openStep: step ?? null, openedAt: at, times };
    const fill = options.fill(step, w.answers, at);
    const submittedAt = at + Math.round(fill.hours * HOUR_MS);
    if (options.until !== undefined && submittedAt > options.until)
      return { openStep: step, openedAt: at, times };
    Object.assign(w.answers, fill.answers);
    for (const hole of fill.files ?? []) {
      // Uploaded shortly before the step was submitted.
      w.files.push({ ...hole, at: submittedAt - 10 * 60 * 1000, by: fill.by });
      standIns[hole.fieldTag] = hole.multiple ? hole.files.map(() => STAND_IN_FILE) : STAND_IN_FILE;
    }
    if (fill.children) {
      w.childFieldTag = fill.children.fieldTag;
      standIns[fill.children.fieldTag] = Array.from({ length: fill.children.count }, (_, i) => i + 1);
    }
    const result = submitStep(definition, { ...state, answers: { ...w.answers, ...standIns } }, step);
    if (!result.ok) throw new Error(`Demo ${w.kind} '${w.name}' cannot submit ${step}: ${result.message}`);
    state = { answers: result.state.answers, completed_steps: [...result.state.completed_steps] };
    times.set(step, { opened: at, submitted: submittedAt });
    w.submitted.push({ step, at: submittedAt, by: fill.by });
    at = submittedAt;
  }
}
