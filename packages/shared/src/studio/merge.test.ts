import { describe, expect, it } from 'vitest';
import { vendorOffboardingDefinition } from '../testing/index.js';
import { WorkflowDefinitionSchema } from '../workflows/index.js';
import { mergePackages, resolveConflicts, UnresolvedMergeConflictsError } from './merge.js';

type Definition = ReturnType<typeof vendorOffboardingDefinition>;
const G1 = 'vendor_offboarding__intake';
const G2 = 'vendor_offboarding__exit';
const DETAILS = `${G1}__details`;
const REVIEW = `${G1}__review`;
const HANDOVER = `${G2}__handover`;

// A package of the fixture process, edited by `edit`.
function version(edit: (definition: Definition) => void = () => {}) {
  const definition = vendorOffboardingDefinition();
  edit(definition);
  return { processes: [definition] };
}
function group(definition: Definition, index: number) {
  const found = definition.step_groups[index];
  if (!found) throw new Error('no such group');
  return found;
}
function step(definition: Definition, g: number, s: number) {
  const found = group(definition, g).steps[s];
  if (!found) throw new Error('no such step');
  return found;
}
function field(definition: Definition, g: number, s: number, f: number) {
  const found = step(definition, g, s).fields[f];
  if (!found) throw new Error('no such field');
  return found;
}
const only = (pkg: { processes: unknown[] }) => pkg.processes[0] as Definition;
const tags = (items: readonly { tag: string }[] | undefined) => (items ?? []).map((item) => item.tag);

describe('mergePackages', () => {
  it('gives back the base when neither side changed anything', () => {
    const result = mergePackages(version(), version(), version());
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual(version());
  });

  it('applies changes each side made to different properties, even of the same item', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        field(d, 0, 0, 0).label = 'Legal name';
        step(d, 0, 1).sla_hours = 24;
      }),
      version((d) => {
        field(d, 0, 0, 0).help = 'As on the contract.';
        d.kind.name = 'Supplier offboarding';
      }),
    );
    expect(result.conflicts).toEqual([]);
    const merged = only(result.merged);
    expect(field(merged, 0, 0, 0)).toEqual({
      tag: `${DETAILS}__vendor_name`,
      type: 'char_field',
      label: 'Legal name',
      required: true,
      help: 'As on the contract.',
    });
    expect(step(merged, 0, 1).sla_hours).toBe(24);
    expect(merged.kind.name).toBe('Supplier offboarding');
    expect(WorkflowDefinitionSchema.safeParse(merged).success).toBe(true);
  });

  it('takes the same change made on both sides once, without a conflict', () => {
    const edit = (d: Definition) => {
      field(d, 0, 0, 2).validation = { max_length: 500 };
      d.statuses.push({ tag: 'cancelled', display_name: 'Cancelled', color_code: '#e03131' });
    };
    const result = mergePackages(version(), version(edit), version(edit));
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual(version(edit));
  });

  it('reports the same property changed differently as a conflict, and resolves it either way', () => {
    const ours = version((d) => {
      field(d, 0, 0, 1).options = [{ value: 'contract_end', label: 'Contract over' }];
      field(d, 0, 0, 0).label = 'Legal name';
    });
    const theirs = version((d) => {
      field(d, 0, 0, 1).options = [
        { value: 'contract_end', label: 'Contract ended' },
        { value: 'breach', label: 'Breach' },
        { value: 'insolvency', label: 'Insolvency' },
      ];
    });
    const result = mergePackages(version(), ours, theirs);

    expect(result.conflicts).toEqual([
      {
        id: `process:vendor_offboarding/field:${DETAILS}__reason|property:options`,
        kind: 'property',
        item: 'field',
        identity: ['vendor_offboarding', G1, DETAILS, `${DETAILS}__reason`],
        path: ['options'],
        base: field(vendorOffboardingDefinition(), 0, 0, 1).options,
        ours: [{ value: 'contract_end', label: 'Contract over' }],
        theirs: field(only(theirs), 0, 0, 1).options,
      },
    ]);
    // Until the designer chooses, our side stands in.
    expect(field(only(result.merged), 0, 0, 1).options).toHaveLength(1);

    const id = result.conflicts[0]?.id ?? '';
    const withTheirs = only(resolveConflicts(result, { [id]: 'theirs' }));
    expect(field(withTheirs, 0, 0, 1).options).toHaveLength(3);
    expect(field(withTheirs, 0, 0, 0).label).toBe('Legal name');
    const withOurs = only(resolveConflicts(result, { [id]: 'ours' }));
    expect(field(withOurs, 0, 0, 1).options).toEqual([{ value: 'contract_end', label: 'Contract over' }]);
  });

  it('reports a property removed on one side and changed on the other', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        delete step(d, 0, 1).sla_hours;
      }),
      version((d) => {
        step(d, 0, 1).sla_hours = 72;
      }),
    );
    expect(result.conflicts).toMatchObject([{ kind: 'property', path: ['sla_hours'], base: 48, theirs: 72 }]);
    expect(result.conflicts[0]?.ours).toBeUndefined();
  });

  it('keeps items added on either side next to the neighbour they were added after', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        step(d, 0, 0).fields.splice(1, 0, { tag: `${DETAILS}__vat_id`, type: 'char_field', label: 'VAT id' });
        d.statuses.push({ tag: 'cancelled', display_name: 'Cancelled', color_code: '#e03131' });
      }),
      version((d) => {
        step(d, 0, 0).fields.push({ tag: `${DETAILS}__contact`, type: 'email', label: 'Contact' });
        group(d, 0).steps.splice(1, 0, {
          tag: `${G1}__finance`,
          name: 'Finance check',
          fields: [{ tag: `${G1}__finance__open_invoices`, type: 'integer', label: 'Open invoices' }],
        });
      }),
    );
    expect(result.conflicts).toEqual([]);
    const merged = only(result.merged);
    expect(tags(step(merged, 0, 0).fields)).toEqual([
      `${DETAILS}__vendor_name`,
      `${DETAILS}__vat_id`,
      `${DETAILS}__reason`,
      `${DETAILS}__breach_notes`,
      `${DETAILS}__contact`,
    ]);
    expect(tags(group(merged, 0).steps)).toEqual([DETAILS, `${G1}__finance`, REVIEW]);
    expect(tags(merged.statuses)).toEqual(['open', 'closed', 'cancelled']);
    expect(WorkflowDefinitionSchema.safeParse(merged).success).toBe(true);
  });

  it('removes what one side removed and the other left untouched, with everything inside it', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        group(d, 0).steps.splice(1, 1);
        d.alert_rules = [];
      }),
      version((d) => {
        field(d, 1, 0, 0).label = 'Final day';
      }),
    );
    expect(result.conflicts).toEqual([]);
    const merged = only(result.merged);
    expect(tags(group(merged, 0).steps)).toEqual([DETAILS]);
    expect(merged.alert_rules).toEqual([]);
    expect(field(merged, 1, 0, 0).label).toBe('Final day');
  });

  it('reports an item removed on one side and changed on the other, keeping it until resolved', () => {
    const ours = version((d) => {
      group(d, 0).steps.splice(1, 1);
    });
    const theirs = version((d) => {
      field(d, 0, 1, 0).label = 'Signed off by legal';
    });
    const result = mergePackages(version(), ours, theirs);

    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toMatchObject({
      kind: 'removed_changed',
      item: 'step',
      identity: ['vendor_offboarding', G1, REVIEW],
      path: [],
      base: step(vendorOffboardingDefinition(), 0, 1),
      ours: undefined,
      theirs: step(only(theirs), 0, 1),
    });
    expect(field(only(result.merged), 0, 1, 0).label).toBe('Signed off by legal');

    const id = result.conflicts[0]?.id ?? '';
    expect(tags(group(only(resolveConflicts(result, { [id]: 'ours' })), 0).steps)).toEqual([DETAILS]);
    const kept = only(resolveConflicts(result, { [id]: 'theirs' }));
    expect(step(kept, 0, 1)).toEqual(step(only(theirs), 0, 1));
  });

  it('asks once about a removed group whose step got a new field on the other side', () => {
    const ours = version((d) => {
      step(d, 1, 0).fields.push({ tag: `${HANDOVER}__keys_returned`, type: 'bool', label: 'Keys returned' });
    });
    const theirs = version((d) => {
      d.step_groups.splice(1, 1);
      d.step_groups.push({
        tag: 'vendor_offboarding__closure',
        name: 'Closure',
        steps: [{ tag: 'vendor_offboarding__closure__sign_off', name: 'Sign-off', fields: [] }],
      });
    });
    const result = mergePackages(version(), ours, theirs);

    expect(result.conflicts.map((c) => `${c.kind} ${c.identity.join('/')}`)).toEqual([
      `removed_changed vendor_offboarding/${G2}`,
    ]);
    const provisional = only(result.merged);
    expect(tags(provisional.step_groups)).toEqual([G1, G2, 'vendor_offboarding__closure']);
    expect(tags(step(provisional, 1, 0).fields)).toContain(`${HANDOVER}__keys_returned`);

    const id = result.conflicts[0]?.id ?? '';
    expect(tags(only(resolveConflicts(result, { [id]: 'theirs' })).step_groups)).toEqual([
      G1,
      'vendor_offboarding__closure',
    ]);
    const keptGroup = only(resolveConflicts(result, { [id]: 'ours' }));
    expect(tags(step(keptGroup, 1, 0).fields)).toEqual([
      `${HANDOVER}__last_day`,
      `${HANDOVER}__data_returned`,
      `${HANDOVER}__keys_returned`,
    ]);
  });

  it('removes a group one side removed when the other only moved a step out of it, and asks about that step', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        d.step_groups.splice(0, 1);
      }),
      version((d) => {
        const [review] = group(d, 0).steps.splice(1, 1);
        if (review) group(d, 1).steps.push(review);
      }),
    );
    expect(result.conflicts.map((c) => `${c.kind} ${c.identity.join('/')}`)).toEqual([
      `removed_changed vendor_offboarding/${G2}/${REVIEW}`,
    ]);
    expect(tags(only(result.merged).step_groups)).toEqual([G2]);
    expect(tags(group(only(result.merged), 0).steps)).toEqual([HANDOVER, REVIEW]);
    const id = result.conflicts[0]?.id ?? '';
    expect(tags(group(only(resolveConflicts(result, { [id]: 'ours' })), 0).steps)).toEqual([HANDOVER]);
  });

  it('follows the side that reordered a list, and applies the other side’s changes inside it', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        step(d, 0, 0).fields.reverse();
      }),
      version((d) => {
        field(d, 0, 0, 0).label = 'Legal name';
        step(d, 0, 0).fields.push({ tag: `${DETAILS}__contact`, type: 'email', label: 'Contact' });
      }),
    );
    expect(result.conflicts).toEqual([]);
    const merged = only(result.merged);
    expect(tags(step(merged, 0, 0).fields)).toEqual([
      `${DETAILS}__breach_notes`,
      `${DETAILS}__reason`,
      `${DETAILS}__vendor_name`,
      `${DETAILS}__contact`,
    ]);
    expect(field(merged, 0, 0, 2).label).toBe('Legal name');
  });

  it('reports two different reorders of one list as a conflict', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        step(d, 0, 0).fields.reverse();
      }),
      version((d) => {
        const list = step(d, 0, 0).fields;
        const first = list.shift();
        if (first) list.push(first);
      }),
    );
    const names = [`${DETAILS}__vendor_name`, `${DETAILS}__reason`, `${DETAILS}__breach_notes`];
    expect(result.conflicts).toEqual([
      {
        id: `process:vendor_offboarding/step:${DETAILS}|order:fields`,
        kind: 'order',
        item: 'step',
        identity: ['vendor_offboarding', G1, DETAILS],
        path: ['fields'],
        base: names,
        ours: [...names].reverse(),
        theirs: [names[1], names[2], names[0]],
      },
    ]);
    const id = result.conflicts[0]?.id ?? '';
    expect(tags(step(only(resolveConflicts(result, { [id]: 'theirs' })), 0, 0).fields)).toEqual([
      names[1],
      names[2],
      names[0],
    ]);
  });

  it('moves an item the way one side moved it, and reports two different moves', () => {
    const moveReviewTo = (target: number) => (d: Definition) => {
      const [review] = group(d, 0).steps.splice(1, 1);
      if (review) group(d, target).steps.push(review);
    };
    const renamed = version((d) => {
      step(d, 0, 1).name = 'Legal sign-off';
    });
    const oneSide = mergePackages(version(), version(moveReviewTo(1)), renamed);
    expect(oneSide.conflicts).toEqual([]);
    expect(tags(group(only(oneSide.merged), 1).steps)).toEqual([HANDOVER, REVIEW]);
    expect(step(only(oneSide.merged), 1, 1).name).toBe('Legal sign-off');

    const withClosure = (d: Definition) => {
      d.step_groups.push({ tag: 'vendor_offboarding__closure', name: 'Closure', steps: [] });
    };
    const both = mergePackages(
      version(withClosure),
      version((d) => {
        withClosure(d);
        moveReviewTo(1)(d);
      }),
      version((d) => {
        withClosure(d);
        moveReviewTo(2)(d);
      }),
    );
    expect(both.conflicts).toMatchObject([
      { kind: 'moved', path: ['parent'], base: ['vendor_offboarding', G1], ours: ['vendor_offboarding', G2] },
    ]);
    expect(both.conflicts[0]?.theirs).toEqual(['vendor_offboarding', 'vendor_offboarding__closure']);
    const id = both.conflicts[0]?.id ?? '';
    const resolved = only(resolveConflicts(both, { [id]: 'theirs' }));
    expect(tags(group(resolved, 2).steps)).toEqual([REVIEW]);
    expect(tags(group(resolved, 1).steps)).toEqual([HANDOVER]);
  });

  it('keeps processes added on either side (ours first when both appended) and removes one removed on one side only', () => {
    const other = (tag: string) => ({ ...vendorOffboardingDefinition(), kind: { tag, name: tag } });
    const result = mergePackages(
      { processes: [vendorOffboardingDefinition(), other('vendor_review')] },
      { processes: [vendorOffboardingDefinition(), other('vendor_review'), other('vendor_audit')] },
      { processes: [vendorOffboardingDefinition(), other('vendor_intake')] },
    );
    expect(result.conflicts).toEqual([]);
    expect(result.merged.processes.map((p) => (p.kind as { tag: string }).tag)).toEqual([
      'vendor_offboarding',
      'vendor_audit',
      'vendor_intake',
    ]);
  });

  it('compares an item both sides added under the same tag property by property', () => {
    const add = (label: string, help: string) => (d: Definition) => {
      step(d, 0, 1).fields.push({ tag: `${REVIEW}__notes`, type: 'text', label, help });
    };
    const result = mergePackages(
      version(),
      version(add('Notes', 'Optional.')),
      version(add('Remarks', 'Optional.')),
    );
    expect(result.conflicts).toMatchObject([
      { kind: 'property', identity: ['vendor_offboarding', G1, REVIEW, `${REVIEW}__notes`], path: ['label'] },
    ]);
    expect(result.conflicts[0]).toMatchObject({ base: undefined, ours: 'Notes', theirs: 'Remarks' });
    expect(tags(step(only(result.merged), 0, 1).fields)).toEqual([`${REVIEW}__approved`, `${REVIEW}__notes`]);
  });

  it('refuses to resolve while a conflict has no choice', () => {
    const result = mergePackages(
      version(),
      version((d) => {
        d.kind.name = 'A';
        d.initial_status = 'closed';
      }),
      version((d) => {
        d.kind.name = 'B';
        d.initial_status = 'open';
        d.statuses.reverse();
      }),
    );
    expect(result.conflicts.map((c) => c.path)).toEqual([['kind', 'name']]);
    expect(() => resolveConflicts(result, {})).toThrow(UnresolvedMergeConflictsError);
    expect(() => resolveConflicts(result, {})).toThrow(/Choose ours or theirs for every conflict/);
  });

  it('merges drafts with missing or wrongly typed parts without throwing', () => {
    const draft = { processes: [{ kind: { tag: 'vendor_offboarding' }, step_groups: [{ name: 'No tag' }] }] };
    expect(() => mergePackages(undefined, draft, version())).not.toThrow();
    expect(() => mergePackages({ processes: [null, 3] } as never, {}, draft)).not.toThrow();
    const result = mergePackages({}, draft, {});
    expect(result.merged).toEqual(draft);
  });
});
