import type { WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { definitionsRepository } from './definitions.repository.js';

// A published definition never changes (a new version is a new row), so its parsed JSON is kept in
// memory by tenant and id. Bounded: the least recently used entries go first.
const MAX_ENTRIES = 500;
const cache = new Map<string, WorkflowDefinition>();

export async function loadDefinition(tx: Tx, tenantId: string, definitionId: string) {
  const key = `${tenantId}:${definitionId}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const row = await definitionsRepository.find(tx, definitionId);
  // Validated with WorkflowDefinitionSchema when it was published (publish-definition.ts).
  const definition = row.definition as WorkflowDefinition;
  cache.set(key, definition);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return definition;
}
