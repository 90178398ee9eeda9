import { WORKFLOW_MESSAGES, type WorkflowDefinition, WorkflowDefinitionSchema } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';

export type PublishedDefinition = { kindId: string; definitionId: string; version: number };

// Zod issues as the API's field errors: the path in dots, every message kept.
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

// A child_workflow field starts workflows of another kind: that kind must be published first (or be
// the kind itself), so that every field can start its children from the day it goes live.
async function checkChildKinds(tx: Tx, tenantId: string, definition: WorkflowDefinition) {
  const errors: Record<string, string[]> = {};
  const wanted = new Set<string>();
  for (const field of definition.step_groups.flatMap((g) => g.steps.flatMap((s) => s.fields))) {
    if (field.child_kind_tag && field.child_kind_tag !== definition.kind.tag)
      wanted.add(field.child_kind_tag);
  }
  if (wanted.size === 0) return;
  const published = new Set(
    (
      await tx
        .selectFrom('workflow_kinds')
        .select('tag')
        .where('tenant_id', '=', tenantId)
        .where('tag', 'in', [...wanted])
        .where('current_definition_id', 'is not', null)
        .execute()
    ).map((k) => k.tag),
  );
  definition.step_groups.forEach((group, g) => {
    group.steps.forEach((step, s) => {
      step.fields.forEach((field, f) => {
        const tag = field.child_kind_tag;
        if (tag && tag !== definition.kind.tag && !published.has(tag)) {
          errors[`step_groups.${g}.steps.${s}.fields.${f}.child_kind_tag`] = [
            `The workflow kind '${tag}' is not published; publish it first.`,
          ];
        }
      });
    });
  });
  if (Object.keys(errors).length > 0) throw new BadRequestError(WORKFLOW_MESSAGES.invalid_definition, errors);
}

// Publishes a definition as the next version of its kind (created on first publication): the kind's
// name and icon follow the definition, statuses are upserted by tag so that workflows of older
// versions keep naming theirs, and new workflows start on this version. Used by the demo seed and the
// studio; runs in the caller's tenant transaction.
export async function publishDefinition(
  tx: Tx,
  tenantId: string,
  input: { definition: unknown; publishedBy: string | null },
): Promise<PublishedDefinition> {
  const parsed = WorkflowDefinitionSchema.safeParse(input.definition);
  if (!parsed.success) {
    throw new BadRequestError(WORKFLOW_MESSAGES.invalid_definition, fieldErrors(parsed.error.issues));
  }
  const definition: WorkflowDefinition = parsed.data;
  await checkChildKinds(tx, tenantId, definition);
  const kind = await tx
    .insertInto('workflow_kinds')
    .values({
      tenant_id: tenantId,
      tag: definition.kind.tag,
      name: definition.kind.name,
      icon: definition.kind.icon ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'tag']).doUpdateSet({
        name: definition.kind.name,
        icon: definition.kind.icon ?? null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();

  const latest = await tx
    .selectFrom('workflow_definitions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('kind_id', '=', kind.id)
    .executeTakeFirst();
  const version = (latest?.version ?? 0) + 1;
  const stored: WorkflowDefinition = { ...definition, version };
  const row = await tx
    .insertInto('workflow_definitions')
    .values({
      tenant_id: tenantId,
      kind_id: kind.id,
      version,
      definition: JSON.stringify(stored),
      published_by: input.publishedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const [position, status] of definition.statuses.entries()) {
    await tx
      .insertInto('workflow_statuses')
      .values({
        tenant_id: tenantId,
        kind_id: kind.id,
        tag: status.tag,
        display_name: status.display_name,
        color_code: status.color_code,
        position,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'kind_id', 'tag']).doUpdateSet({
          display_name: status.display_name,
          color_code: status.color_code,
          position,
        }),
      )
      .execute();
  }
  await tx
    .updateTable('workflow_kinds')
    .set({ current_definition_id: row.id })
    .where('id', '=', kind.id)
    .execute();
  return { kindId: kind.id, definitionId: row.id, version };
}
