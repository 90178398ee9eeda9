import { describe, expect, it } from 'vitest';
import { vendorOffboardingDefinition } from '../testing/index.js';
import { WorkflowDefinitionSchema } from '../workflows/index.js';
import { diffDefinitions, diffPackages } from './diff.js';

const G1 = 'vendor_offboarding__intake';
const G2 = 'vendor_offboarding__exit';
const DETAILS = `${G1}__details`;
const REVIEW = `${G1}__review`;
const HANDOVER = `${G2}__handover`;

function steps(definition: ReturnType<typeof vendorOffboardingDefinition>, group: number) {
  const found = definition.step_groups[group];
  if (!found) throw new Error('no such group');
  return found.steps;
}
function fields(definition: ReturnType<typeof vendorOffboardingDefinition>, group: number, step: number) {
  const found = steps(definition, group)[step];
  if (!found) throw new Error('no such step');
  return found.fields;
}
const rows = (changes: ReturnType<typeof diffDefinitions>) =>
  changes.map((change) => `${change.kind} ${change.item} ${change.identity.join('/')}`);

describe('diffDefinitions', () => {
  it('finds nothing between a definition and its copy', () => {
    expect(diffDefinitions(vendorOffboardingDefinition(), vendorOffboardingDefinition())).toEqual([]);
  });

  it('lists changed properties by path, comparing options, conditions and assignees deeply', () => {
    const after = vendorOffboardingDefinition();
    const [name, reason, notes] = fields(after, 0, 0);
    if (!name || !reason || !notes) throw new Error('fixture');
    name.label = 'Legal name';
    reason.options = [
      { value: 'contract_end', label: 'Contract ended' },
      { value: 'breach', label: 'Breach of contract' },
    ];
    notes.validation = { max_length: 500 };
    notes.visible_when = { field: reason.tag, op: 'in', value: ['breach'] };
    const details = steps(after, 0)[0];
    if (details) details.assignees = { group_names: ['Procurement', 'Legal'] };

    const changes = diffDefinitions(vendorOffboardingDefinition(), after);

    expect(rows(changes)).toEqual([
      `changed step ${G1}/${DETAILS}`,
      `changed field ${G1}/${DETAILS}/${DETAILS}__vendor_name`,
      `changed field ${G1}/${DETAILS}/${DETAILS}__reason`,
      `changed field ${G1}/${DETAILS}/${DETAILS}__breach_notes`,
    ]);
    expect(changes[0]?.properties).toEqual([
      { path: ['assignees', 'group_names'], before: ['Procurement'], after: ['Procurement', 'Legal'] },
    ]);
    expect(changes[1]?.properties).toEqual([{ path: ['label'], before: 'Vendor name', after: 'Legal name' }]);
    expect(changes[2]?.properties?.map((p) => p.path)).toEqual([['options']]);
    expect(changes[3]?.properties).toEqual([
      { path: ['validation', 'max_length'], before: 2000, after: 500 },
      { path: ['visible_when', 'op'], before: 'eq', after: 'in' },
      { path: ['visible_when', 'value'], before: 'breach', after: ['breach'] },
    ]);
    expect(changes[1]?.from).toEqual({ parent: [G1, DETAILS], index: 0 });
  });

  it('shows an added field with all its properties, and its siblings as not moved', () => {
    const after = vendorOffboardingDefinition();
    fields(after, 0, 0).splice(1, 0, { tag: `${DETAILS}__vat_id`, type: 'char_field', label: 'VAT id' });

    const changes = diffDefinitions(vendorOffboardingDefinition(), after);

    expect(changes).toEqual([
      {
        kind: 'added',
        item: 'field',
        identity: [G1, DETAILS, `${DETAILS}__vat_id`],
        to: { parent: [G1, DETAILS], index: 1 },
        properties: [
          { path: ['tag'], before: undefined, after: `${DETAILS}__vat_id` },
          { path: ['type'], before: undefined, after: 'char_field' },
          { path: ['label'], before: undefined, after: 'VAT id' },
        ],
      },
    ]);
  });

  it('shows a removed step where it was, followed by its fields', () => {
    const after = vendorOffboardingDefinition();
    steps(after, 0).splice(0, 1);
    steps(after, 0)[0]?.fields.push({ tag: `${REVIEW}__comment`, type: 'text', label: 'Comment' });

    expect(rows(diffDefinitions(vendorOffboardingDefinition(), after))).toEqual([
      `removed step ${G1}/${DETAILS}`,
      `removed field ${G1}/${DETAILS}/${DETAILS}__vendor_name`,
      `removed field ${G1}/${DETAILS}/${DETAILS}__reason`,
      `removed field ${G1}/${DETAILS}/${DETAILS}__breach_notes`,
      `added field ${G1}/${REVIEW}/${REVIEW}__comment`,
    ]);
    const removed = diffDefinitions(vendorOffboardingDefinition(), after)[0];
    expect(removed?.from).toEqual({ parent: [G1], index: 0 });
    expect(removed?.properties).toContainEqual({
      path: ['name'],
      before: 'Vendor details',
      after: undefined,
    });
  });

  it('places a removed item after the sibling that preceded it', () => {
    const after = vendorOffboardingDefinition();
    fields(after, 0, 0).splice(1, 1);
    expect(rows(diffDefinitions(vendorOffboardingDefinition(), after))).toEqual([
      `removed field ${G1}/${DETAILS}/${DETAILS}__reason`,
    ]);
    const before = vendorOffboardingDefinition();
    const afterEdit = vendorOffboardingDefinition();
    fields(afterEdit, 1, 0).splice(0, 1);
    const [returned] = fields(afterEdit, 1, 0);
    if (returned) returned.label = 'Data given back';
    expect(rows(diffDefinitions(before, afterEdit))).toEqual([
      `removed field ${G2}/${HANDOVER}/${HANDOVER}__last_day`,
      `changed field ${G2}/${HANDOVER}/${HANDOVER}__data_returned`,
    ]);
  });

  it('reports a reorder as the fewest moves, with both places', () => {
    const after = vendorOffboardingDefinition();
    const list = fields(after, 0, 0);
    const last = list.pop();
    if (last) list.unshift(last);

    const changes = diffDefinitions(vendorOffboardingDefinition(), after);

    expect(changes).toEqual([
      {
        kind: 'moved',
        item: 'field',
        identity: [G1, DETAILS, `${DETAILS}__breach_notes`],
        from: { parent: [G1, DETAILS], index: 2 },
        to: { parent: [G1, DETAILS], index: 0 },
      },
    ]);
  });

  it('reports a step moved to another group, and changed, as one move and one change', () => {
    const after = vendorOffboardingDefinition();
    const [review] = steps(after, 0).splice(1, 1);
    if (!review) throw new Error('fixture');
    review.name = 'Legal sign-off';
    steps(after, 1).push(review);

    const changes = diffDefinitions(vendorOffboardingDefinition(), after);

    expect(rows(changes)).toEqual([`moved step ${G2}/${REVIEW}`, `changed step ${G2}/${REVIEW}`]);
    expect(changes[0]?.from).toEqual({ parent: [G1], index: 1 });
    expect(changes[0]?.to).toEqual({ parent: [G2], index: 1 });
    expect(changes[1]?.properties).toEqual([
      { path: ['name'], before: 'Legal review', after: 'Legal sign-off' },
    ]);
  });

  it('diffs the kind, statuses and alert rules, in the order of the definition', () => {
    const after = vendorOffboardingDefinition();
    after.kind.name = 'Supplier offboarding';
    after.initial_status = 'draft';
    after.statuses.unshift({ tag: 'draft', display_name: 'Draft', color_code: '#868e96' });
    after.statuses[2] = { tag: 'closed', display_name: 'Done', color_code: '#2f9e44' };
    after.alert_rules = [];
    after.step_groups.reverse();

    const changes = diffDefinitions(vendorOffboardingDefinition(), after);

    expect(rows(changes)).toEqual([
      'changed process ',
      'added status draft',
      'changed status closed',
      `moved step_group ${G2}`,
      'removed alert_rule breach',
    ]);
    expect(changes[0]?.properties).toEqual([
      { path: ['kind', 'name'], before: 'Vendor offboarding', after: 'Supplier offboarding' },
      { path: ['initial_status'], before: 'open', after: 'draft' },
    ]);
    expect(WorkflowDefinitionSchema.safeParse(after).success).toBe(true);
  });

  it('diffs the list columns and sorting field as properties of the process', () => {
    const before = vendorOffboardingDefinition();
    before.list_columns = [`${DETAILS}__vendor_name`];
    const after = vendorOffboardingDefinition();
    after.list_columns = [`${DETAILS}__reason`, `${DETAILS}__vendor_name`];
    after.sorting_field = `${HANDOVER}__last_day`;

    const changes = diffDefinitions(before, after);

    expect(rows(changes)).toEqual(['changed process ']);
    expect(changes[0]?.properties).toEqual([
      {
        path: ['list_columns'],
        before: [`${DETAILS}__vendor_name`],
        after: [`${DETAILS}__reason`, `${DETAILS}__vendor_name`],
      },
      { path: ['sorting_field'], before: undefined, after: `${HANDOVER}__last_day` },
    ]);
    expect(WorkflowDefinitionSchema.safeParse(after).success).toBe(true);
  });

  it('finds an edit made immutably, where untouched items are the same objects', () => {
    const before = vendorOffboardingDefinition();
    const [intake, exit] = before.step_groups;
    if (!intake || !exit) throw new Error('fixture');
    const handover = exit.steps[0];
    if (!handover) throw new Error('fixture');
    const after = {
      ...before,
      step_groups: [
        intake,
        { ...exit, steps: [{ ...handover, fields: [...handover.fields.slice(1)] }, ...exit.steps.slice(1)] },
      ],
    };
    expect(rows(diffDefinitions(before, after))).toEqual([
      `removed field ${G2}/${HANDOVER}/${HANDOVER}__last_day`,
    ]);
    const [, movedBack] = intake.steps;
    const reordered = { ...before, step_groups: [{ ...intake, steps: [movedBack, intake.steps[0]] }, exit] };
    expect(rows(diffDefinitions(before, reordered))).toEqual([`moved step ${G1}/${REVIEW}`]);
  });

  it('compares two definitions of one process even when the kind tag changed', () => {
    const after = vendorOffboardingDefinition();
    after.kind.tag = 'vendor_exit';
    expect(rows(diffDefinitions(vendorOffboardingDefinition(), after))).toEqual(['changed process ']);
  });

  it('never throws on a draft with missing or wrongly typed parts', () => {
    const draft = {
      kind: { name: 'Untitled' },
      step_groups: [{ name: 'No tag yet', steps: null }, 'not an item', { tag: G1, steps: [{ fields: 7 }] }],
    };
    expect(() => diffDefinitions(draft, vendorOffboardingDefinition())).not.toThrow();
    expect(() => diffDefinitions(vendorOffboardingDefinition(), {})).not.toThrow();
    expect(rows(diffDefinitions(undefined, draft))).toEqual([
      'added process ',
      'added step_group #1',
      `added step_group ${G1}`,
      `added step ${G1}/#1`,
    ]);
    expect(rows(diffDefinitions(draft, draft))).toEqual([]);
  });
});

describe('diffPackages', () => {
  it('matches processes by kind tag and names every item from its process', () => {
    const changed = vendorOffboardingDefinition();
    const [open] = changed.statuses;
    if (open) open.display_name = 'New';
    const other = { ...vendorOffboardingDefinition(), kind: { tag: 'vendor_review', name: 'Vendor review' } };

    const changes = diffPackages(
      { processes: [vendorOffboardingDefinition(), other] },
      { processes: [changed] },
    );

    expect(rows(changes)).toEqual([
      'changed status vendor_offboarding/open',
      'removed process vendor_review',
      'removed status vendor_review/open',
      'removed status vendor_review/closed',
      'removed step_group vendor_review/vendor_offboarding__intake',
      `removed step vendor_review/${G1}/${DETAILS}`,
      `removed field vendor_review/${G1}/${DETAILS}/${DETAILS}__vendor_name`,
      `removed field vendor_review/${G1}/${DETAILS}/${DETAILS}__reason`,
      `removed field vendor_review/${G1}/${DETAILS}/${DETAILS}__breach_notes`,
      `removed step vendor_review/${G1}/${REVIEW}`,
      `removed field vendor_review/${G1}/${REVIEW}/${REVIEW}__approved`,
      `removed step_group vendor_review/${G2}`,
      `removed step vendor_review/${G2}/${HANDOVER}`,
      `removed field vendor_review/${G2}/${HANDOVER}/${HANDOVER}__last_day`,
      `removed field vendor_review/${G2}/${HANDOVER}/${HANDOVER}__data_returned`,
      'removed alert_rule vendor_review/breach',
    ]);
    expect(changes[1]?.from).toEqual({ parent: [], index: 1 });
  });

  it('shows an added process', () => {
    const changes = diffPackages({ processes: [] }, { processes: [vendorOffboardingDefinition()] });
    expect(changes[0]).toMatchObject({ kind: 'added', item: 'process', identity: ['vendor_offboarding'] });
    expect(changes.filter((c) => c.item === 'field')).toHaveLength(6);
    expect(changes.every((c) => c.kind === 'added')).toBe(true);
  });
});
