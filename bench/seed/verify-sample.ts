import { isDeepStrictEqual } from 'node:util';
import {
  answerSearchColumns,
  evaluateWorkflow,
  flattenSteps,
  validateAnswer,
  type WorkflowDefinition,
} from '@attest/shared';
import type pg from 'pg';

// The seed's honesty check: a random sample of the cloned workflows is read back and judged by the
// engine itself. Every answer must pass validateAnswer unchanged and carry the projections
// answerSearchColumns computes; evaluateWorkflow over the stored answers and completed steps must
// give the stored status, progress, step states and open alerts. Returns the problems found.
export async function verifySample(
  client: pg.Client,
  options: { tenantId: string; kindId: string; definition: WorkflowDefinition; size: number },
): Promise<{ checked: number; answers: number; problems: string[] }> {
  const { definition } = options;
  const fields = new Map(flattenSteps(definition).flatMap((s) => s.fields.map((f) => [f.tag, f])));
  const { rows: sample } = await client.query<{
    id: string;
    tag: string;
    progress: number;
    completed_steps: string[];
  }>(
    `select w.id, s.tag, w.progress, w.completed_steps from workflows w
     join workflow_statuses s on s.tenant_id = w.tenant_id and s.id = w.status_id
     where w.tenant_id = $1 and w.kind_id = $2 order by random() limit $3`,
    [options.tenantId, options.kindId, options.size],
  );
  const ids = sample.map((w) => w.id);
  const { rows: answers } = await client.query<{
    workflow_id: string;
    field_tag: string;
    value: unknown;
    text_value: string | null;
    number_value: number | null;
    date_value: string | null;
  }>(
    `select workflow_id, field_tag, value, text_value, number_value::float8 as number_value, date_value::text as date_value
     from workflow_responses where tenant_id = $1 and workflow_id = any($2::bigint[]) and is_current`,
    [options.tenantId, ids],
  );
  const { rows: steps } = await client.query<{ workflow_id: string; step_tag: string; state: string }>(
    `select workflow_id, step_tag, state from workflow_steps where tenant_id = $1 and workflow_id = any($2::bigint[])`,
    [options.tenantId, ids],
  );
  const { rows: alerts } = await client.query<{ workflow_id: string; rule_tag: string }>(
    `select workflow_id, rule_tag from workflow_alerts where tenant_id = $1 and workflow_id = any($2::bigint[]) and resolved_at is null`,
    [options.tenantId, ids],
  );
  const problems: string[] = [];
  for (const workflow of sample) {
    const mine = answers.filter((a) => a.workflow_id === workflow.id);
    const state: Record<string, unknown> = {};
    for (const a of mine) {
      const field = fields.get(a.field_tag);
      if (!field) {
        problems.push(`${workflow.id}: unknown field ${a.field_tag}`);
        continue;
      }
      const valid = validateAnswer({ ...field, required: false }, a.value);
      if (!valid.ok || !isDeepStrictEqual(valid.value, a.value)) {
        problems.push(
          `${workflow.id} ${a.field_tag}: ${JSON.stringify(a.value)} is not a valid normalised answer`,
        );
      }
      const columns = answerSearchColumns(field, a.value);
      const stored = { text: a.text_value, number: a.number_value, date: a.date_value };
      if (!isDeepStrictEqual(columns, stored)) {
        problems.push(
          `${workflow.id} ${a.field_tag}: projections ${JSON.stringify(stored)} != ${JSON.stringify(columns)}`,
        );
      }
      state[a.field_tag] = a.value;
    }
    const snapshot = evaluateWorkflow(definition, {
      answers: state,
      completed_steps: workflow.completed_steps,
    });
    if (snapshot.status !== workflow.tag)
      problems.push(`${workflow.id}: status ${workflow.tag} != ${snapshot.status}`);
    if (snapshot.progress !== workflow.progress) {
      problems.push(`${workflow.id}: progress ${workflow.progress} != ${snapshot.progress}`);
    }
    for (const step of steps.filter((s) => s.workflow_id === workflow.id)) {
      const expected = snapshot.step_states[step.step_tag] ?? 'hidden';
      if (expected !== step.state)
        problems.push(`${workflow.id} ${step.step_tag}: state ${step.state} != ${expected}`);
    }
    const open = alerts
      .filter((a) => a.workflow_id === workflow.id)
      .map((a) => a.rule_tag)
      .sort();
    const raised = snapshot.alerts.map((a) => a.rule_tag).sort();
    if (!isDeepStrictEqual(open, raised)) problems.push(`${workflow.id}: alerts ${open} != ${raised}`);
  }
  return { checked: sample.length, answers: answers.length, problems };
}
