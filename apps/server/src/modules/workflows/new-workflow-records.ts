import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { referencesRepository } from './references.repository.js';

type Answered = {
  kind: { definition: WorkflowDefinition };
  createdBy: string | null;
  answers: Readonly<Record<string, unknown>>;
};

// The data_object answers of workflows about to be created (createWorkflows), each with its
// workflow's position in the input, the field and the creator.
export function dataObjectAnswers(workflows: readonly Answered[]) {
  return workflows.flatMap((w, index) =>
    flattenSteps(w.kind.definition).flatMap((step) =>
      step.fields.flatMap((field) => {
        const value = w.answers[field.tag];
        if (field.type !== 'data_object' || value === null || value === undefined) return [];
        return [{ index, field, recordId: String(value), by: w.createdBy }];
      }),
    ),
  );
}

// Plan §1.4, the rule saveAnswerIn applies to one answer: a data_object answer names a live record of
// its field's object type that the workflow's creator sees (any, for a workflow created by no one, as
// the demo seed's). One query per creator and type. A problem is a seed's or an import's mistake, said
// plainly; null when every answer holds.
export async function dataObjectAnswerProblem(
  tx: Tx,
  answers: ReturnType<typeof dataObjectAnswers>,
): Promise<string | null> {
  const groups = new Map<string, { by: string | null; tag: string; ids: Set<string> }>();
  for (const answer of answers) {
    const tag = answer.field.object_type_tag;
    if (tag === undefined) return `${answer.field.tag}: the data_object field names no object type.`;
    const key = `${answer.by ?? ''}:${tag}`;
    const group = groups.get(key) ?? { by: answer.by, tag, ids: new Set<string>() };
    group.ids.add(answer.recordId);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const rows = await referencesRepository.visibleRecordIds(tx, group.by, [...group.ids], group.tag);
    const found = new Set(rows.map((row) => row.id));
    const missing = [...group.ids].filter((id) => !found.has(id));
    if (missing.length > 0) return `No live ${group.tag} record ${missing.join(', ')} the creator may see.`;
  }
  return null;
}
