import {
  catalogueForDefinition,
  commonCatalogue,
  type FilterAttribute,
  flattenSteps,
  type WorkflowDefinition,
} from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { kindChanges, loadDefinition } from '../workflows/index.js';
import { allKinds, type KindRow } from './list-kinds.repository.js';

type KindDefinition = { id: string; tag: string; name: string; definition: WorkflowDefinition };

// Every list, count and report reads its kinds' current definitions: each process keeps a tenant's
// kinds (a few dozen rows) until a definition is published in it (kindChanges), and at most
// KINDS_TTL_MS for a publication in another process. The definitions themselves never change.
const KINDS_TTL_MS = 5_000;
const MAX_TENANTS = 1_000;
const kindsByTenant = new Map<string, { kinds: KindRow[]; loadedAt: number; expiresAt: number }>();

async function kindsOf(tx: Tx, tenantId: string): Promise<KindRow[]> {
  const hit = kindsByTenant.get(tenantId);
  if (hit && hit.expiresAt > Date.now() && kindChanges.unchangedSince(tenantId, hit.loadedAt))
    return hit.kinds;
  const loadedAt = kindChanges.version();
  const kinds = await allKinds(tx, tenantId);
  kindsByTenant.delete(tenantId);
  kindsByTenant.set(tenantId, { kinds, loadedAt, expiresAt: Date.now() + KINDS_TTL_MS });
  if (kindsByTenant.size > MAX_TENANTS) kindsByTenant.delete(kindsByTenant.keys().next().value as string);
  return kinds;
}

// The current definitions of the given kinds (of the transaction's tenant), in id order; unknown
// ids and kinds never published are skipped.
export async function currentDefinitions(tx: Tx, tenantId: string, kindIds: readonly string[]) {
  if (kindIds.length === 0) return [];
  const wanted = new Set(kindIds);
  const kinds: KindDefinition[] = [];
  for (const row of await kindsOf(tx, tenantId)) {
    if (!wanted.has(row.id) || row.current_definition_id === null) continue;
    const definition = await loadDefinition(tx, tenantId, row.current_definition_id);
    kinds.push({ id: row.id, tag: row.tag, name: row.name, definition });
  }
  return kinds;
}

async function kindIdsByTag(tx: Tx, tenantId: string, tags: readonly string[]): Promise<string[]> {
  const wanted = new Set(tags);
  return (await kindsOf(tx, tenantId)).filter((kind) => wanted.has(kind.tag)).map((kind) => kind.id);
}

function childKindTags(definition: WorkflowDefinition): string[] {
  return flattenSteps(definition).flatMap((step) =>
    step.fields.flatMap((f) => (f.type === 'child_workflow' && f.child_kind_tag ? [f.child_kind_tag] : [])),
  );
}

// kind_id__in with include_kind_children (spec 2 §3.6 children_kind_ids, grandchildren_kind_ids):
// a kind's children are the kinds its current definition's child_workflow fields start.
export async function withChildKinds(
  tx: Tx,
  tenantId: string,
  kindIds: readonly string[],
): Promise<string[]> {
  const all = new Set(kindIds);
  let level = [...kindIds];
  for (let generation = 0; generation < 2 && level.length > 0; generation++) {
    const tags = [
      ...new Set((await currentDefinitions(tx, tenantId, level)).flatMap((k) => childKindTags(k.definition))),
    ];
    if (tags.length === 0) break;
    const children = await kindIdsByTag(tx, tenantId, tags);
    level = children.filter((id) => !all.has(id));
    for (const id of level) all.add(id);
  }
  return [...all];
}

// The attributes a list over these kinds filters on: the common ones, then each kind's (first
// wins on a shared path). Without kinds, only the common ones: field attributes need a kind.
export async function catalogueForKinds(tx: Tx, tenantId: string, kindIds: readonly string[] | null) {
  if (!kindIds || kindIds.length === 0) return commonCatalogue();
  const catalogue = new Map<string, FilterAttribute>();
  for (const kind of await currentDefinitions(tx, tenantId, kindIds)) {
    for (const attribute of catalogueForDefinition(kind.definition)) {
      if (!catalogue.has(attribute.path)) catalogue.set(attribute.path, attribute);
    }
  }
  for (const attribute of commonCatalogue())
    if (!catalogue.has(attribute.path)) catalogue.set(attribute.path, attribute);
  return [...catalogue.values()];
}
