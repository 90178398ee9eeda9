import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { kindChanges } from './kind-changes.js';

export type NewStatusRow = {
  tenant_id: string;
  kind_id: string;
  tag: string;
  display_name: string;
  // Locale code -> name (issue 14); a publication without them clears the previous ones.
  display_name_translations: Record<string, string>;
  color_code: string;
  position: number;
};

// Published definitions and what a publication writes beside them: the kind (its name and icon
// follow the definition) and its statuses. The writes name the tenant as well as set it for row-level
// security: the demo seed runs them as the tables' owner.
export const definitionsRepository = {
  // A definition as published (validated then, never changed since).
  find: (tx: Tx, definitionId: string) =>
    tx
      .selectFrom('workflow_definitions')
      .select('definition')
      .where('id', '=', definitionId)
      .executeTakeFirstOrThrow(),

  // Of these kind tags, those with a published definition.
  async publishedKindTags(tx: Tx, tenantId: string, tags: string[]) {
    const rows = await tx
      .selectFrom('workflow_kinds')
      .select('tag')
      .where('tenant_id', '=', tenantId)
      .where('tag', 'in', tags)
      .where('current_definition_id', 'is not', null)
      .execute();
    return rows.map((k) => k.tag);
  },

  // The kind by tag, created on first publication; its id.
  upsertKind(tx: Tx, tenantId: string, kind: { tag: string; name: string; icon: string | null }) {
    kindChanges.changedIn(tx);
    return tx
      .insertInto('workflow_kinds')
      .values({ tenant_id: tenantId, tag: kind.tag, name: kind.name, icon: kind.icon })
      .onConflict((oc) => oc.columns(['tenant_id', 'tag']).doUpdateSet({ name: kind.name, icon: kind.icon }))
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  // The kind as it is (a test publication never renames it), created with the definition's name and
  // icon on first publication; its id.
  async ensureKind(tx: Tx, tenantId: string, kind: { tag: string; name: string; icon: string | null }) {
    kindChanges.changedIn(tx);
    await tx
      .insertInto('workflow_kinds')
      .values({ tenant_id: tenantId, tag: kind.tag, name: kind.name, icon: kind.icon })
      .onConflict((oc) => oc.columns(['tenant_id', 'tag']).doNothing())
      .execute();
    return tx
      .selectFrom('workflow_kinds')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('tag', '=', kind.tag)
      .executeTakeFirstOrThrow();
  },

  // The kind's highest version published to Production, or 0 (test definitions take the next one).
  async latestVersion(tx: Tx, kindId: string) {
    const latest = await tx
      .selectFrom('workflow_definitions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('kind_id', '=', kindId)
      .where('test_environment', 'is', null)
      .executeTakeFirst();
    return latest?.version ?? 0;
  },

  insert: (
    tx: Tx,
    row: {
      tenant_id: string;
      kind_id: string;
      version: number;
      definition: string;
      published_by: string | null;
      test_environment?: TestEnvironment | null;
    },
  ) => tx.insertInto('workflow_definitions').values(row).returning('id').executeTakeFirstOrThrow(),

  // By tag, so that workflows of older versions keep naming theirs.
  async upsertStatus(tx: Tx, row: NewStatusRow) {
    await tx
      .insertInto('workflow_statuses')
      .values({ ...row, display_name_translations: JSON.stringify(row.display_name_translations) })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'kind_id', 'tag']).doUpdateSet({
          display_name: row.display_name,
          display_name_translations: JSON.stringify(row.display_name_translations),
          color_code: row.color_code,
          position: row.position,
        }),
      )
      .execute();
  },

  // A test publication adds the statuses its kind lacks and leaves Production's as they are.
  async insertStatusIfMissing(tx: Tx, row: NewStatusRow) {
    await tx
      .insertInto('workflow_statuses')
      .values({ ...row, display_name_translations: JSON.stringify(row.display_name_translations) })
      .onConflict((oc) => oc.columns(['tenant_id', 'kind_id', 'tag']).doNothing())
      .execute();
  },

  // A test definition of the environment (never a Production one), with its kind's tag.
  findTest: (tx: Tx, definitionId: string, environment: TestEnvironment) =>
    tx
      .selectFrom('workflow_definitions as d')
      .innerJoin('workflow_kinds as k', 'k.id', 'd.kind_id')
      .select(['d.id', 'd.kind_id', 'd.version', 'k.tag', 'k.name'])
      .where('d.id', '=', definitionId)
      .where('d.test_environment', '=', environment)
      .executeTakeFirst(),

  async setCurrent(tx: Tx, kindId: string, definitionId: string) {
    kindChanges.changedIn(tx);
    await tx
      .updateTable('workflow_kinds')
      .set({ current_definition_id: definitionId })
      .where('id', '=', kindId)
      .execute();
  },
};
