import { z } from 'zod';
import { localized, TranslationsSchema } from '../localized-text.js';
import { HEX_COLOR_MESSAGE, isHexColor } from '../validators/hex-color.js';
import { text } from '../validators/input-limits.js';
import { type Condition, ConditionSchema, conditionLeafIssue, conditionLeaves } from './conditions.js';
import { type FieldDefinition, FieldSchema, TagSegmentSchema } from './field-schema.js';
import { isAnswerable } from './field-types.js';
import { isValidDefinitionStepTag, isValidFieldTag, isValidGroupTag } from './tags.js';

// Bounds of one definition (STYLE rule 7): large enough for the biggest questionnaires we know.
export const MAX_STATUSES = 50;
export const MAX_STEP_GROUPS = 50;
export const MAX_STEPS_PER_GROUP = 100;
export const MAX_FIELDS_PER_STEP = 200;
export const MAX_ALERT_RULES = 200;
export const MAX_SLA_HOURS = 24 * 365;
// Across the whole definition, so one workflow's page and its evaluation stay small.
export const MAX_STEPS = 300;
export const MAX_FIELDS = 3000;
// The answered fields a workflow list item shows in its lc_data (spec 1 §3): the kind's
// list_columns, or else its first required answerable fields.
export const LC_FIELD_COUNT = 3;

export const WorkflowStatusSchema = z
  .object({
    tag: TagSegmentSchema,
    display_name: text().trim().min(1).max(100),
    // Issue 14: the name in other languages (optional, so every stored definition stays valid).
    display_name_translations: TranslationsSchema.optional(),
    color_code: text().refine(isHexColor, HEX_COLOR_MESSAGE),
  })
  .strict();
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;

export const StepAssigneesSchema = z
  .object({
    user_emails: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .max(254)
          .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Use an e-mail address.'),
      )
      .max(50),
    group_names: z.array(text().trim().min(1).max(150)).max(50),
  })
  .partial()
  .strict();

// Spec 2 §3.12 integration modes, less 'none': a marked step is run as a job by its connector.
export const StepIntegrationSchema = z
  .object({
    connector: TagSegmentSchema,
    mode: z.enum(['legacy', 'default', 'studio', 'studio_v2']).optional(),
  })
  .strict();

export const StepSchema = z
  .object({
    tag: text().min(1).max(200),
    name: text().trim().min(1).max(200),
    assignees: StepAssigneesSchema.optional(),
    sla_hours: z.number().positive().max(MAX_SLA_HOURS).optional(),
    visible_when: ConditionSchema.optional(),
    on_submit: z.object({ set_status: TagSegmentSchema }).strict().optional(),
    // Without it, submitting hands over to the next step in definition order (progression.ts).
    enables: z.array(text().min(1).max(200)).max(MAX_STEPS_PER_GROUP).optional(),
    integration: StepIntegrationSchema.optional(),
    fields: z.array(FieldSchema).max(MAX_FIELDS_PER_STEP),
  })
  .strict();
export type StepDefinition = z.infer<typeof StepSchema>;

export const StepGroupSchema = z
  .object({
    tag: text().min(1).max(200),
    name: text().trim().min(1).max(200),
    steps: z.array(StepSchema).min(1).max(MAX_STEPS_PER_GROUP),
  })
  .strict();
export type StepGroupDefinition = z.infer<typeof StepGroupSchema>;

// Spec 4.1 risk levels: R is HIGH (red), A is MED (orange), G is LOW (green).
export const RISK_LEVELS = { R: 'HIGH', A: 'MED', G: 'LOW' } as const;
export const RiskColorLabelSchema = z.enum(['R', 'A', 'G']);
export type RiskColorLabel = z.infer<typeof RiskColorLabelSchema>;

// An alert rule raises alert_tag with its colour on the field or step it is attached to (spec 1 §3,
// workflow list item alerts) while `when` holds.
export const AlertRuleSchema = z
  .object({
    tag: TagSegmentSchema,
    when: ConditionSchema,
    cat_color_label: RiskColorLabelSchema,
    alert_tag: TagSegmentSchema,
    field: text().min(1).max(200).optional(),
    step: text().min(1).max(200).optional(),
  })
  .strict()
  .refine((rule) => (rule.field === undefined) !== (rule.step === undefined), {
    message: 'Attach an alert rule to exactly one field or one step.',
  });
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const WORKFLOW_DEFINITION_SCHEMA_VERSION = 1;

const DefinitionObjectSchema = z
  .object({
    schema_version: z.literal(WORKFLOW_DEFINITION_SCHEMA_VERSION),
    // The definition's version within its kind; instances keep the version they were created with.
    version: z.number().int().min(1),
    kind: z
      .object({
        tag: TagSegmentSchema,
        name: text().trim().min(1).max(200),
        icon: text().max(100).optional(),
      })
      .strict(),
    statuses: z.array(WorkflowStatusSchema).min(1).max(MAX_STATUSES),
    initial_status: TagSegmentSchema,
    step_groups: z.array(StepGroupSchema).min(1).max(MAX_STEP_GROUPS),
    alert_rules: z.array(AlertRuleSchema).max(MAX_ALERT_RULES).optional(),
    // Issue 15: the fields the kind's list items show (lc_data), in this order, and the field its
    // lists are sorted by. Both name answerable fields of this definition.
    list_columns: z.array(text().min(1).max(200)).max(LC_FIELD_COUNT).optional(),
    sorting_field: text().min(1).max(200).optional(),
  })
  .strict();
export type WorkflowDefinition = z.infer<typeof DefinitionObjectSchema>;

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

// The step that submitting `steps[index]` hands over to: its `enables`, or else the next step.
export function handOverTargets(steps: readonly StepDefinition[], index: number): string[] {
  const step = steps[index];
  if (!step) return [];
  if (step.enables) return step.enables;
  const next = steps[index + 1];
  return next ? [next.tag] : [];
}

// A status's name for people (in `locale` when given and translated); the tag itself when a
// definition no longer has it.
export function statusDisplayName(
  definition: Pick<WorkflowDefinition, 'statuses'>,
  tag: string,
  locale?: string,
): string {
  const status = definition.statuses.find((candidate) => candidate.tag === tag);
  if (!status) return tag;
  return locale
    ? localized(status.display_name, status.display_name_translations, locale)
    : status.display_name;
}

export function flattenSteps(definition: Pick<WorkflowDefinition, 'step_groups'>): StepDefinition[] {
  return definition.step_groups.flatMap((group) => group.steps);
}

function findCycle(steps: readonly StepDefinition[]): string[] | undefined {
  const indexOf = new Map(steps.map((step, index) => [step.tag, index]));
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (tag: string): string[] | undefined => {
    if (state.get(tag) === 'done') return undefined;
    if (state.get(tag) === 'open') return [...trail.slice(trail.indexOf(tag)), tag];
    state.set(tag, 'open');
    trail.push(tag);
    for (const next of handOverTargets(steps, indexOf.get(tag) ?? -1)) {
      if (!indexOf.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(tag, 'done');
    return undefined;
  };
  for (const step of steps) {
    const cycle = visit(step.tag);
    if (cycle) return cycle;
  }
  return undefined;
}

function checkCondition(
  condition: Condition,
  path: Path,
  report: Report,
  fields: ReadonlyMap<string, FieldDefinition>,
  earlier: ReadonlySet<string> | undefined,
) {
  // A leaf's path inside a nested group is not kept: the message names the field instead.
  for (const leaf of conditionLeaves(condition)) {
    const field = fields.get(leaf.field);
    if (!field) {
      report(path, `The condition refers to an unknown field '${leaf.field}'.`);
      continue;
    }
    // Visibility reads only fields defined before it, so it is computed in one pass and never loops.
    if (earlier && !earlier.has(leaf.field)) {
      report(path, `The condition refers to '${leaf.field}', which is not defined before it.`);
      continue;
    }
    const issue = conditionLeafIssue(field.type, leaf);
    if (issue) report(path, `The condition on '${leaf.field}' is invalid: ${issue}.`);
  }
}

// A list column or the sorting field must name a field of this definition that holds an answer.
function listFieldIssue(tag: string, fields: ReadonlyMap<string, FieldDefinition>): string | undefined {
  const field = fields.get(tag);
  if (!field) return `The field '${tag}' does not exist.`;
  if (!isAnswerable(field.type)) return `The field '${tag}' holds no answer, so a list cannot show it.`;
  return undefined;
}

function checkListFields(
  definition: WorkflowDefinition,
  fields: ReadonlyMap<string, FieldDefinition>,
  report: Report,
) {
  const seen = new Set<string>();
  definition.list_columns?.forEach((tag, c) => {
    const issue = listFieldIssue(tag, fields);
    if (issue) report(['list_columns', c], issue);
    if (seen.has(tag)) report(['list_columns', c], `The list column '${tag}' is repeated.`);
    seen.add(tag);
  });
  if (definition.sorting_field !== undefined) {
    const issue = listFieldIssue(definition.sorting_field, fields);
    if (issue) report(['sorting_field'], issue);
  }
}

function checkDefinition(definition: WorkflowDefinition, report: Report) {
  const statusTags = new Set<string>();
  definition.statuses.forEach((status, i) => {
    if (statusTags.has(status.tag)) report(['statuses', i, 'tag'], `The status '${status.tag}' is repeated.`);
    statusTags.add(status.tag);
  });
  if (!statusTags.has(definition.initial_status)) {
    report(
      ['initial_status'],
      `The initial status '${definition.initial_status}' is not one of the statuses.`,
    );
  }

  const tags = new Set<string>();
  const claim = (tag: string, path: Path) => {
    if (tags.has(tag)) report(path, `The tag '${tag}' is used more than once.`);
    tags.add(tag);
  };
  const fields = new Map<string, FieldDefinition>();
  const stepTags = new Set<string>();
  definition.step_groups.forEach((group, g) => {
    if (!isValidGroupTag(group.tag, definition.kind.tag)) {
      report(
        ['step_groups', g, 'tag'],
        `The step group tag '${group.tag}' must be '${definition.kind.tag}__<group>'.`,
      );
    }
    claim(group.tag, ['step_groups', g, 'tag']);
    group.steps.forEach((step, s) => {
      const path: Path = ['step_groups', g, 'steps', s];
      if (!isValidDefinitionStepTag(step.tag, group.tag)) {
        report([...path, 'tag'], `The step tag '${step.tag}' must be '${group.tag}__<step>'.`);
      }
      claim(step.tag, [...path, 'tag']);
      stepTags.add(step.tag);
      step.fields.forEach((field, f) => {
        if (!isValidFieldTag(field.tag, step.tag)) {
          report(
            [...path, 'fields', f, 'tag'],
            `The field tag '${field.tag}' must be '${step.tag}__<field>'.`,
          );
        }
        claim(field.tag, [...path, 'fields', f, 'tag']);
        fields.set(field.tag, field);
      });
    });
  });

  if (stepTags.size > MAX_STEPS) report(['step_groups'], `A definition has at most ${MAX_STEPS} steps.`);
  if (fields.size > MAX_FIELDS) report(['step_groups'], `A definition has at most ${MAX_FIELDS} fields.`);

  // Second pass, now that every tag is known.
  const earlier = new Set<string>();
  const steps = flattenSteps(definition);
  definition.step_groups.forEach((group, g) => {
    group.steps.forEach((step, s) => {
      const path: Path = ['step_groups', g, 'steps', s];
      if (step.visible_when)
        checkCondition(step.visible_when, [...path, 'visible_when'], report, fields, earlier);
      const status = step.on_submit?.set_status;
      if (status !== undefined && !statusTags.has(status)) {
        report([...path, 'on_submit', 'set_status'], `The status '${status}' is not one of the statuses.`);
      }
      step.enables?.forEach((target, e) => {
        if (!stepTags.has(target)) report([...path, 'enables', e], `The step '${target}' does not exist.`);
        if (target === step.tag) report([...path, 'enables', e], 'A step cannot enable itself.');
      });
      step.fields.forEach((field, f) => {
        if (field.visible_when) {
          checkCondition(field.visible_when, [...path, 'fields', f, 'visible_when'], report, fields, earlier);
        }
        earlier.add(field.tag);
      });
    });
  });
  const cycle = findCycle(steps);
  if (cycle) report(['step_groups'], `The steps enable each other in a cycle: ${cycle.join(' -> ')}.`);

  checkListFields(definition, fields, report);

  const ruleTags = new Set<string>();
  definition.alert_rules?.forEach((rule, r) => {
    const path: Path = ['alert_rules', r];
    if (ruleTags.has(rule.tag)) report([...path, 'tag'], `The alert rule '${rule.tag}' is repeated.`);
    ruleTags.add(rule.tag);
    checkCondition(rule.when, [...path, 'when'], report, fields, undefined);
    if (rule.field !== undefined && !fields.has(rule.field)) {
      report([...path, 'field'], `The field '${rule.field}' does not exist.`);
    }
    if (rule.step !== undefined && !stepTags.has(rule.step)) {
      report([...path, 'step'], `The step '${rule.step}' does not exist.`);
    }
  });
}

// A versioned definition of a workflow kind (issue 4): step groups (swimlanes) -> steps -> fields,
// statuses and alert rules. Every cross-reference is checked here, once, for server and web alike.
export const WorkflowDefinitionSchema = DefinitionObjectSchema.superRefine((definition, ctx) => {
  checkDefinition(definition, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});
