import { describe, expect, it } from 'vitest';
import { type WorkflowDefinition, WorkflowDefinitionSchema } from './definition-schema.js';

// A small valid definition: kind 'vendor', two groups, three steps, a few fields.
function definition(): WorkflowDefinition {
  return {
    schema_version: 1,
    version: 1,
    kind: { tag: 'vendor', name: 'Vendor' },
    statuses: [
      { tag: 'draft', display_name: 'Draft', color_code: '#868e96' },
      { tag: 'done', display_name: 'Done', color_code: '#2f9e44' },
    ],
    initial_status: 'draft',
    step_groups: [
      {
        tag: 'vendor__intake',
        name: 'Intake',
        steps: [
          {
            tag: 'vendor__intake__details',
            name: 'Details',
            fields: [
              { tag: 'vendor__intake__details__name', type: 'char_field', label: 'Name', required: true },
              { tag: 'vendor__intake__details__spend', type: 'integer', label: 'Spend' },
            ],
          },
          { tag: 'vendor__intake__extra', name: 'Extra', fields: [] },
        ],
      },
      {
        tag: 'vendor__review',
        name: 'Review',
        steps: [
          {
            tag: 'vendor__review__decision',
            name: 'Decision',
            on_submit: { set_status: 'done' },
            fields: [],
          },
        ],
      },
    ],
  };
}

function issues(value: unknown): { path: string; message: string }[] {
  const result = WorkflowDefinitionSchema.safeParse(value);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

const details = (d: WorkflowDefinition) =>
  d.step_groups[0]?.steps[0] as WorkflowDefinition['step_groups'][0]['steps'][0];

describe('WorkflowDefinitionSchema', () => {
  it('accepts a valid definition as it is', () => {
    expect(issues(definition())).toEqual([]);
  });

  it('refuses an initial status that is not a status, and repeated statuses', () => {
    const d = definition();
    d.initial_status = 'open';
    d.statuses.push({ tag: 'done', display_name: 'Done again', color_code: '#000' });
    expect(issues(d)).toEqual([
      { path: 'statuses.2.tag', message: "The status 'done' is repeated." },
      { path: 'initial_status', message: "The initial status 'open' is not one of the statuses." },
    ]);
  });

  it('refuses tags that do not follow kind__group__step__field', () => {
    const d = definition();
    const group = d.step_groups[1];
    if (group) group.tag = 'other__review';
    details(d).tag = 'vendor__intake__Details';
    const field = details(d).fields[1];
    if (field) field.tag = 'vendor__intake__details__Spend';
    expect(issues(d)).toEqual([
      {
        path: 'step_groups.0.steps.0.tag',
        message: "The step tag 'vendor__intake__Details' must be 'vendor__intake__<step>'.",
      },
      {
        path: 'step_groups.0.steps.0.fields.0.tag',
        message: "The field tag 'vendor__intake__details__name' must be 'vendor__intake__Details__<field>'.",
      },
      {
        path: 'step_groups.0.steps.0.fields.1.tag',
        message: "The field tag 'vendor__intake__details__Spend' must be 'vendor__intake__Details__<field>'.",
      },
      { path: 'step_groups.1.tag', message: "The step group tag 'other__review' must be 'vendor__<group>'." },
      {
        path: 'step_groups.1.steps.0.tag',
        message: "The step tag 'vendor__review__decision' must be 'other__review__<step>'.",
      },
    ]);
  });

  it('refuses a tag used twice', () => {
    const d = definition();
    details(d).fields.push({ tag: 'vendor__intake__details__name', type: 'text', label: 'Again' });
    expect(issues(d)).toEqual([
      {
        path: 'step_groups.0.steps.0.fields.2.tag',
        message: "The tag 'vendor__intake__details__name' is used more than once.",
      },
    ]);
  });

  it('refuses an on_submit status that is not a status', () => {
    const d = definition();
    details(d).on_submit = { set_status: 'approved' };
    expect(issues(d)).toEqual([
      {
        path: 'step_groups.0.steps.0.on_submit.set_status',
        message: "The status 'approved' is not one of the statuses.",
      },
    ]);
  });

  it('refuses conditions on unknown or later fields, or that do not fit the field type', () => {
    const d = definition();
    details(d).visible_when = { field: 'vendor__intake__details__name', op: 'is_set' };
    const spend = details(d).fields[1];
    if (spend) spend.visible_when = { field: 'vendor__intake__details__name', op: 'gt', value: 'a' };
    const decision = d.step_groups[1]?.steps[0];
    if (decision) {
      decision.visible_when = {
        any: [
          { field: 'vendor__intake__details__nope', op: 'is_set' },
          { field: 'vendor__intake__details__spend', op: 'gt', value: 10 },
        ],
      };
    }
    expect(issues(d)).toEqual([
      {
        path: 'step_groups.0.steps.0.visible_when',
        message: "The condition refers to 'vendor__intake__details__name', which is not defined before it.",
      },
      {
        path: 'step_groups.0.steps.0.fields.1.visible_when',
        message:
          "The condition on 'vendor__intake__details__name' is invalid: operator gt does not apply to char_field fields.",
      },
      {
        path: 'step_groups.1.steps.0.visible_when',
        message: "The condition refers to an unknown field 'vendor__intake__details__nope'.",
      },
    ]);
  });

  it('refuses enables that point to unknown steps or to the step itself', () => {
    const d = definition();
    details(d).enables = ['vendor__review__nope', 'vendor__intake__details'];
    expect(issues(d)).toEqual([
      { path: 'step_groups.0.steps.0.enables.0', message: "The step 'vendor__review__nope' does not exist." },
      { path: 'step_groups.0.steps.0.enables.1', message: 'A step cannot enable itself.' },
      {
        path: 'step_groups',
        message:
          'The steps enable each other in a cycle: vendor__intake__details -> vendor__intake__details.',
      },
    ]);
  });

  it('refuses a cycle, counting the default hand-over to the next step', () => {
    const d = definition();
    const decision = d.step_groups[1]?.steps[0];
    if (decision) decision.enables = ['vendor__intake__extra'];
    expect(issues(d)).toEqual([
      {
        path: 'step_groups',
        message:
          'The steps enable each other in a cycle: vendor__intake__extra -> vendor__review__decision -> vendor__intake__extra.',
      },
    ]);
  });

  it('accepts explicit parallel branches that join again', () => {
    const d = definition();
    details(d).enables = ['vendor__intake__extra', 'vendor__review__decision'];
    expect(issues(d)).toEqual([]);
  });

  it('checks alert rules: unique, attached to one existing field or step, on known fields', () => {
    const d = definition();
    d.alert_rules = [
      {
        tag: 'big',
        when: { field: 'vendor__intake__details__spend', op: 'gte', value: 1000 },
        cat_color_label: 'R',
        alert_tag: 'big_spend',
        field: 'vendor__intake__details__spend',
      },
      {
        tag: 'big',
        when: { field: 'vendor__intake__details__gone', op: 'is_set' },
        cat_color_label: 'A',
        alert_tag: 'gone',
        step: 'vendor__intake__nope',
      },
    ];
    expect(issues(d)).toEqual([
      { path: 'alert_rules.1.tag', message: "The alert rule 'big' is repeated." },
      {
        path: 'alert_rules.1.when',
        message: "The condition refers to an unknown field 'vendor__intake__details__gone'.",
      },
      { path: 'alert_rules.1.step', message: "The step 'vendor__intake__nope' does not exist." },
    ]);
    const both = definition();
    both.alert_rules = [
      {
        tag: 'x',
        when: { field: 'vendor__intake__details__spend', op: 'is_set' },
        cat_color_label: 'G',
        alert_tag: 'x',
        field: 'vendor__intake__details__spend',
        step: 'vendor__intake__details',
      },
    ];
    expect(issues(both)).toEqual([
      { path: 'alert_rules.0', message: 'Attach an alert rule to exactly one field or one step.' },
    ]);
  });

  it('bounds the number of steps across the definition', () => {
    const d = definition();
    d.step_groups = Array.from({ length: 4 }, (_, g) => ({
      tag: `vendor__g${g}`,
      name: `G${g}`,
      steps: Array.from({ length: 100 }, (_, s) => ({
        tag: `vendor__g${g}__s${s}`,
        name: `S${s}`,
        fields: [],
      })),
    }));
    d.step_groups[3]?.steps.splice(1);
    expect(issues(d)).toEqual([{ path: 'step_groups', message: 'A definition has at most 300 steps.' }]);
  });

  it('refuses an assignee that is not an e-mail address', () => {
    const d = definition();
    details(d).assignees = { user_emails: ['Analyst@Acme.example', 'analyst'] };
    expect(issues(d)).toEqual([
      { path: 'step_groups.0.steps.0.assignees.user_emails.1', message: 'Use an e-mail address.' },
    ]);
    expect(WorkflowDefinitionSchema.parse(definition()).step_groups[0]?.steps[0]?.assignees).toBeUndefined();
  });

  it('accepts list columns and a sorting field that name answerable fields', () => {
    const d = definition();
    d.list_columns = ['vendor__intake__details__spend', 'vendor__intake__details__name'];
    d.sorting_field = 'vendor__intake__details__spend';
    expect(issues(d)).toEqual([]);
  });

  it('refuses list columns that are unknown, display-only, repeated or more than three', () => {
    const d = definition();
    details(d).fields.push({ tag: 'vendor__intake__details__intro', type: 'paragraph', label: 'Intro' });
    d.list_columns = [
      'vendor__intake__details__gone',
      'vendor__intake__details__intro',
      'vendor__intake__details__name',
    ];
    expect(issues(d)).toEqual([
      { path: 'list_columns.0', message: "The field 'vendor__intake__details__gone' does not exist." },
      {
        path: 'list_columns.1',
        message: "The field 'vendor__intake__details__intro' holds no answer, so a list cannot show it.",
      },
    ]);
    d.list_columns = ['vendor__intake__details__name', 'vendor__intake__details__name'];
    expect(issues(d)).toEqual([
      { path: 'list_columns.1', message: "The list column 'vendor__intake__details__name' is repeated." },
    ]);
    d.list_columns = Array.from({ length: 4 }, () => 'vendor__intake__details__name');
    expect(issues(d).map((i) => i.path)).toEqual(['list_columns']);
  });

  it('refuses a sorting field that is not an answerable field of the definition', () => {
    const d = definition();
    d.sorting_field = 'vendor__intake__details__gone';
    expect(issues(d)).toEqual([
      { path: 'sorting_field', message: "The field 'vendor__intake__details__gone' does not exist." },
    ]);
  });

  it('refuses unknown keys, risk labels and schema versions', () => {
    expect(issues({ ...definition(), extra: true })[0]?.path).toBe('');
    expect(issues({ ...definition(), schema_version: 2 })[0]?.path).toBe('schema_version');
    const d = definition();
    d.alert_rules = [
      {
        tag: 'x',
        when: { field: 'vendor__intake__details__spend', op: 'is_set' },
        // @ts-expect-error: only R, A and G exist (spec 4.1).
        cat_color_label: 'B',
        alert_tag: 'x',
        field: 'vendor__intake__details__spend',
      },
    ];
    expect(issues(d)[0]?.path).toBe('alert_rules.0.cat_color_label');
  });
});
