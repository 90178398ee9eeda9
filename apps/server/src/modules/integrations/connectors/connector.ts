import type { Answers, StepDefinition, WorkflowDefinition } from '@attest/shared';

// A connector does the work of an integration step (spec 2 §3.12): it reads the workflow's answers
// and answers a result for the run, and optionally answers for fields of its own step. It runs
// outside any database transaction (STYLE rule 8), so it may call other systems.
export type ConnectorInput = {
  workflow: { id: string; name: string };
  definition: WorkflowDefinition;
  step: StepDefinition;
  answers: Answers;
};

export type ConnectorOutcome = {
  // Stored on the run and shown with it: plain JSON.
  result: Record<string, unknown>;
  // Answers for fields of the connector's step, by field tag.
  answers: Record<string, unknown>;
};

export type Connector = {
  tag: string;
  run(input: ConnectorInput): Promise<ConnectorOutcome>;
};

// A refusal the person reading the run should see as is (a missing answer, a bad configuration);
// any other error is recorded with a generic message, so internals never reach the page.
export class ConnectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorError';
  }
}
