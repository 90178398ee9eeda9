import { describe, expect, it } from 'vitest';
import { WorkflowDefinitionSchema } from './definition-schema.js';
import { DEMO_WORKFLOW_DEFINITIONS } from './demo-definitions.js';

describe('demo definitions', () => {
  it.each(DEMO_WORKFLOW_DEFINITIONS.map((d) => [d.kind.name, d] as const))(
    '%s passes the schema',
    (_name, definition) => {
      const result = WorkflowDefinitionSchema.safeParse(definition);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data).toEqual(definition);
    },
  );
});
