import { describe, expect, it } from 'vitest';
import * as main from '../index.js';
import { flattenSteps, WorkflowDefinitionSchema } from '../workflows/definition-schema.js';
import * as workflows from '../workflows/index.js';
import { DEMO_WORKFLOW_DEFINITIONS, SUPPLIER_ONBOARDING_DEFINITION } from './demo-definitions.js';
import * as testing from './index.js';

// What the seed and the web app reach: the main entry beside the testing entry (issue 13).
const shared = { ...main, ...testing };

describe('demo definitions', () => {
  it.each(DEMO_WORKFLOW_DEFINITIONS.map((d) => [d.kind.name, d] as const))(
    '%s passes the schema',
    (_name, definition) => {
      const result = WorkflowDefinitionSchema.safeParse(definition);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data).toEqual(definition);
    },
  );

  it('has distinct kinds, and every child_workflow field starts a kind of the set listed before it', () => {
    const kinds = DEMO_WORKFLOW_DEFINITIONS.map((d) => d.kind.tag);
    expect(new Set(kinds).size).toBe(kinds.length);
    DEMO_WORKFLOW_DEFINITIONS.forEach((definition, index) => {
      for (const field of flattenSteps(definition).flatMap((step) => step.fields)) {
        if (field.child_kind_tag) expect(kinds.slice(0, index)).toContain(field.child_kind_tag);
      }
    });
  });

  it('takes Supplier Onboarding intake through the field types the process page must show', () => {
    const [intake] = flattenSteps(SUPPLIER_ONBOARDING_DEFINITION);
    expect(intake?.fields.map((f) => [f.type, f.required ?? false])).toEqual([
      ['char_field', true],
      ['data_object', false],
      ['url', false],
      ['country_single_select', true],
      ['single_select', true],
      ['currency', true],
      ['naive_date', true],
      ['file', true],
      ['email', true],
      ['bool', true],
    ]);
    // The supplier's record, picked from the Supplier type's records (issue 18).
    expect(intake?.fields[1]).toMatchObject({ label: 'Supplier record', object_type_tag: 'supplier' });
    expect(SUPPLIER_ONBOARDING_DEFINITION.statuses.map((s) => s.display_name)).toEqual([
      'Draft',
      'In Review',
      'Approved',
      'Rejected',
    ]);
  });

  it('reaches the package entry, for the server seed and the web app', () => {
    for (const name of [
      'DEMO_WORKFLOW_DEFINITIONS',
      'WorkflowDefinitionSchema',
      'validateAnswer',
      'answerSearchColumns',
      'evaluateCondition',
      'evaluateWorkflow',
      'submitStep',
      'undoStep',
      'FIELD_TYPES',
    ]) {
      expect(shared, name).toHaveProperty(name);
    }
  });

  it('stays off the main entry and the workflows entry, so the web bundle does not carry it', () => {
    for (const name of Object.keys(testing)) {
      expect(main, name).not.toHaveProperty(name);
      expect(workflows, name).not.toHaveProperty(name);
    }
  });
});
