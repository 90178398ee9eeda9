import { describe, expect, it } from 'vitest';
import {
  CreateWorkflowExportRequestSchema,
  exportFileName,
  exportPercent,
  exportRequestFromList,
} from './exports.js';
import { decodeListQuery, defaultListState } from './workflow-list/list-query.js';

describe('the export request for the list on screen', () => {
  it('carries the list filters as GET workflows/ reads them, without paging, and decodes to the same list', () => {
    const list = {
      ...defaultListState(),
      kind_id: 7,
      status__in: [1, 2],
      region__in: [3],
      q: 'acme',
      ordering: 'name',
      page: 4,
      advanced_filters: {
        compareType: 'AND' as const,
        conditions: [],
        groups: [],
      },
    };
    const body = exportRequestFromList(7, list, 'xlsx');
    expect(body).toMatchObject({ kind_id: 7, format: 'xlsx', status__in: '1,2', region__in: '3', q: 'acme' });
    expect(body).not.toHaveProperty('page');
    expect(CreateWorkflowExportRequestSchema.safeParse(body).success).toBe(true);
    const { kind_id, format: _format, ...filters } = body;
    const decoded = decodeListQuery({ ...filters, kind_id: String(kind_id) });
    expect(decoded.ok && decoded.state).toMatchObject({
      kind_id: 7,
      status__in: [1, 2],
      region__in: [3],
      q: 'acme',
      ordering: 'name',
      page: 1,
    });
  });

  it('refuses unknown keys and formats', () => {
    expect(
      CreateWorkflowExportRequestSchema.safeParse({ kind_id: 1, format: 'csv', tenant_id: 2 }).success,
    ).toBe(false);
    expect(CreateWorkflowExportRequestSchema.safeParse({ kind_id: 1, format: 'pdf' }).success).toBe(false);
  });
});

describe('export file names and progress', () => {
  it('name the file after the kind and the day, never a path', () => {
    const day = new Date('2026-03-04T23:00:00Z');
    expect(exportFileName('Supplier Onboarding', day, 'csv')).toBe('supplier-onboarding-2026-03-04.csv');
    expect(exportFileName('../../etc/passwd', day, 'xlsx')).toBe('etc-passwd-2026-03-04.xlsx');
    expect(exportFileName('Évaluation des risques', day, 'csv')).toBe(
      'evaluation-des-risques-2026-03-04.csv',
    );
    expect(exportFileName('リスク', day, 'csv')).toBe('workflows-2026-03-04.csv');
  });

  it('count progress in whole percent', () => {
    expect(exportPercent({ state: 'running', rows_done: 1, rows_total: 3 })).toBe(33);
    expect(exportPercent({ state: 'queued', rows_done: 0, rows_total: 0 })).toBe(0);
    expect(exportPercent({ state: 'finished', rows_done: 3, rows_total: 3 })).toBe(100);
  });
});
