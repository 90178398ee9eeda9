import { describe, expect, it } from 'vitest';
import { clearSessionData } from '../../../lib/storage/clear-session-data';
import { STORAGE_KEYS } from '../../../lib/storage/storage-keys';
import { changeFilter, loadTaskFilters, NO_TASK_FILTERS, saveTaskFilters } from './task-filters';

describe('task filters (spec 1 §4: kept across logout)', () => {
  const filters = { ...NO_TASK_FILTERS, kind_id: 3, status_id: 5, due: 'overdue' as const, region_id: 1 };

  it('are read back as saved', () => {
    saveTaskFilters(filters);
    expect(loadTaskFilters()).toEqual(filters);
  });

  it('survive logout, which clears the rest of local storage', () => {
    saveTaskFilters(filters);
    localStorage.setItem('attest.something-else', 'x');
    clearSessionData();
    expect(localStorage.getItem('attest.something-else')).toBeNull();
    expect(loadTaskFilters()).toEqual(filters);
  });

  it('fall back to none when the stored value is broken or unknown', () => {
    localStorage.setItem(STORAGE_KEYS.taskFilters, '{not json');
    expect(loadTaskFilters()).toEqual(NO_TASK_FILTERS);
    localStorage.setItem(
      STORAGE_KEYS.taskFilters,
      JSON.stringify({ due: 'someday', kind_id: -4, region_id: 2 }),
    );
    expect(loadTaskFilters()).toEqual({ ...NO_TASK_FILTERS, region_id: 2 });
  });

  it('leave nothing stored when all are cleared', () => {
    saveTaskFilters(filters);
    saveTaskFilters(NO_TASK_FILTERS);
    expect(localStorage.getItem(STORAGE_KEYS.taskFilters)).toBeNull();
  });

  it("clear a kind's status and a region's business unit when the parent changes", () => {
    const withUnit = { ...filters, business_unit_id: 8 };
    expect(changeFilter(withUnit, 'kind_id', 4)).toMatchObject({
      kind_id: 4,
      status_id: null,
      business_unit_id: 8,
    });
    expect(changeFilter(withUnit, 'region_id', 2)).toMatchObject({
      region_id: 2,
      business_unit_id: null,
      status_id: 5,
    });
  });
});
