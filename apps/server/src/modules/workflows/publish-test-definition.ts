import { WORKFLOW_MESSAGES, type WorkflowDefinition, WorkflowDefinitionSchema } from '@attest/shared';
import type { TestEnvironment } from '../../db/schema.js';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { definitionsRepository } from './definitions.repository.js';
import {
  checkChildKinds,
  checkDataObjectTags,
  fieldErrors,
  type PublishedDefinition,
} from './publish-definition.js';

// Issue 15: publishes a definition as a test definition of its kind for one environment (a studio
// deployment to Development, QA, Staging or UAT). Validated as publishDefinition validates, but
// Production is left as it was: the kind keeps its name, icon and current definition (so everyone's
// new workflows still start on Production's), existing statuses keep their names and colours (the
// definition's new status tags are added), and the version number is the one the kind's next
// Production version would take. Test workflows are started on it with createWorkflow's test form.
export async function publishTestDefinition(
  tx: Tx,
  tenantId: string,
  input: { definition: unknown; publishedBy: string | null; environment: TestEnvironment },
): Promise<PublishedDefinition> {
  const parsed = WorkflowDefinitionSchema.safeParse(input.definition);
  if (!parsed.success) {
    throw new BadRequestError(WORKFLOW_MESSAGES.invalid_definition, fieldErrors(parsed.error.issues));
  }
  const definition: WorkflowDefinition = parsed.data;
  checkDataObjectTags(definition);
  await checkChildKinds(tx, tenantId, definition);
  const kind = await definitionsRepository.ensureKind(tx, tenantId, {
    tag: definition.kind.tag,
    name: definition.kind.name,
    icon: definition.kind.icon ?? null,
  });
  const version = (await definitionsRepository.latestVersion(tx, kind.id)) + 1;
  const row = await definitionsRepository.insert(tx, {
    tenant_id: tenantId,
    kind_id: kind.id,
    version,
    definition: JSON.stringify({ ...definition, version }),
    published_by: input.publishedBy,
    test_environment: input.environment,
  });
  for (const [position, status] of definition.statuses.entries()) {
    await definitionsRepository.insertStatusIfMissing(tx, {
      tenant_id: tenantId,
      kind_id: kind.id,
      tag: status.tag,
      display_name: status.display_name,
      display_name_translations: status.display_name_translations ?? {},
      color_code: status.color_code,
      position,
    });
  }
  return { kindId: kind.id, definitionId: row.id, version };
}
