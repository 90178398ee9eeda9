import {
  DATA_OBJECT_FIELD_MESSAGES,
  WORKFLOW_MESSAGES,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { definitionsRepository } from './definitions.repository.js';

export type PublishedDefinition = { kindId: string; definitionId: string; version: number };

// Zod issues as the API's field errors: the path in dots, every message kept.
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

// A child_workflow field starts workflows of another kind: that kind must be published first (or be
// the kind itself), so that every field can start its children from the day it goes live.
export async function checkChildKinds(tx: Tx, tenantId: string, definition: WorkflowDefinition) {
  const errors: Record<string, string[]> = {};
  const wanted = new Set<string>();
  for (const field of definition.step_groups.flatMap((g) => g.steps.flatMap((s) => s.fields))) {
    if (field.child_kind_tag && field.child_kind_tag !== definition.kind.tag)
      wanted.add(field.child_kind_tag);
  }
  if (wanted.size === 0) return;
  const published = new Set(await definitionsRepository.publishedKindTags(tx, tenantId, [...wanted]));
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

// Plan §1.5: a new definition's data_object field names the object type it picks from. The schema
// leaves object_type_tag optional so that definitions stored before issue 18 still load; publishing
// is where a new one is held to it.
export function checkDataObjectTags(definition: WorkflowDefinition) {
  const errors: Record<string, string[]> = {};
  definition.step_groups.forEach((group, g) => {
    group.steps.forEach((step, s) => {
      step.fields.forEach((field, f) => {
        if (field.type === 'data_object' && field.object_type_tag === undefined) {
          errors[`step_groups.${g}.steps.${s}.fields.${f}.object_type_tag`] = [
            DATA_OBJECT_FIELD_MESSAGES.objectTypeRequired,
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
  checkDataObjectTags(definition);
  await checkChildKinds(tx, tenantId, definition);
  const kind = await definitionsRepository.upsertKind(tx, tenantId, {
    tag: definition.kind.tag,
    name: definition.kind.name,
    icon: definition.kind.icon ?? null,
  });

  const version = (await definitionsRepository.latestVersion(tx, kind.id)) + 1;
  const stored: WorkflowDefinition = { ...definition, version };
  const row = await definitionsRepository.insert(tx, {
    tenant_id: tenantId,
    kind_id: kind.id,
    version,
    definition: JSON.stringify(stored),
    published_by: input.publishedBy,
  });

  for (const [position, status] of definition.statuses.entries()) {
    await definitionsRepository.upsertStatus(tx, {
      tenant_id: tenantId,
      kind_id: kind.id,
      tag: status.tag,
      display_name: status.display_name,
      display_name_translations: status.display_name_translations ?? {},
      color_code: status.color_code,
      position,
    });
  }
  await definitionsRepository.setCurrent(tx, kind.id, row.id);
  return { kindId: kind.id, definitionId: row.id, version };
}
