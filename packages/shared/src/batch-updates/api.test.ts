import { describe, expect, it } from 'vitest';
import { CreateBatchUpdateRequestSchema } from './api.js';

function messages(request: unknown): string[] {
  return (CreateBatchUpdateRequestSchema.safeParse(request).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}

const byFilters = { query: 'region__in=3&status__in=2' };

describe('CreateBatchUpdateRequestSchema', () => {
  it('accepts a region change over the filtered workflows of every kind', () => {
    expect(messages({ target: 'workflows', selection: byFilters, changes: { region_id: 4 } })).toEqual([]);
  });

  it('needs at least one change', () => {
    expect(messages({ target: 'workflows', selection: byFilters, changes: {} })).toEqual([
      'changes: Choose at least one change.',
    ]);
    expect(
      messages({ target: 'workflows', kind_id: 1, selection: byFilters, changes: { answers: {} } }),
    ).toEqual(['changes: Choose at least one change.']);
  });

  it('needs a kind for answers and statuses, and an object type for records', () => {
    expect(
      messages({ target: 'workflows', selection: byFilters, changes: { status_tag: 'approved' } }),
    ).toEqual([
      'kind_id: Choose a workflow kind to change answers, the status or assignees: each kind has its own.',
    ]);
    expect(messages({ target: 'records', selection: { ids: [1, 2] }, changes: { region_id: 2 } })).toEqual([
      'object_type: Choose the object type whose records to update.',
    ]);
    expect(
      messages({
        target: 'records',
        object_type: 'supplier',
        selection: { ids: [1] },
        changes: { status_tag: 'x' },
      }),
    ).toEqual([
      'changes: Records have no status or assignees: change their values, region or business unit.',
    ]);
  });

  it('bounds the selection: 100,000 ids, one kind of selection', () => {
    const ids = Array.from({ length: 100_001 }, (_, i) => i + 1);
    expect(messages({ target: 'workflows', selection: { ids }, changes: { region_id: 1 } })).toHaveLength(1);
    expect(
      messages({ target: 'workflows', selection: { ids: [1], query: 'a=b' }, changes: { region_id: 1 } }),
    ).toHaveLength(1);
  });
});
