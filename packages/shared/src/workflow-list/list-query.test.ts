import { describe, expect, it } from 'vitest';
import { decodeListQuery, defaultListState, encodeListQuery, listQueryFromSearch } from './list-query.js';
import { listRank } from './rank.js';

const decode = (search: string) => decodeListQuery(listQueryFromSearch(new URLSearchParams(search)));

describe('list query encoding (the URL of a bookmarked view)', () => {
  it('round-trips a full state and leaves defaults out', () => {
    const state = {
      ...defaultListState(),
      q: 'acme; drop',
      status__in: [1, 2],
      region__in: [3],
      business_unit__in: [4],
      kind_id: 5,
      include_kind_children: true,
      filter_by_group: 'me' as const,
      answer: [{ field_tag: 'a__b__c__d', value: 'x:y' }],
      json_answer: { a__b__c__e: ['one', 'two'] },
      date_filter_type: 'updated_at' as const,
      created_range_after: '2026-01-01T00:00:00.000000Z',
      created_range_before: '2026-02-01',
      ordering: '-field__a__b__c__d',
      page: 3,
      advanced_filters: {
        compareType: 'AND' as const,
        conditions: [
          { field: 'workflow__name', type: 'text' as const, operator: 'contains' as const, value: '%_' },
        ],
        groups: [],
      },
    };
    const decoded = decode(encodeListQuery(state).toString());
    expect(decoded).toEqual({ ok: true, state, limit: 20, offset: 40 });
    expect(encodeListQuery(defaultListState()).toString()).toBe('');
  });

  it('takes limit and offset (the next link) over page', () => {
    expect(decode('limit=20&offset=60')).toMatchObject({
      ok: true,
      limit: 20,
      offset: 60,
      state: { page: 4 },
    });
  });

  it('names the parameter of a bad value', () => {
    expect(decode('status__in=1,x')).toEqual({
      ok: false,
      problem: { param: 'status__in', key: 'invalidId' },
    });
    expect(decode('ordering=drop')).toMatchObject({ ok: false, problem: { param: 'ordering' } });
    expect(decode('advanced_filters={')).toMatchObject({
      ok: false,
      problem: { param: 'advanced_filters', key: 'invalidJson' },
    });
    expect(decode('advanced_filters={"compareType":"XOR"}')).toMatchObject({
      ok: false,
      problem: { param: 'advanced_filters', key: 'invalidFilterShape' },
    });
    expect(decode('answer=novalue')).toMatchObject({ ok: false, problem: { param: 'answer' } });
    expect(decode('created_range_after=yesterday')).toMatchObject({
      ok: false,
      problem: { param: 'created_range_after' },
    });
    expect(decode('date_filter_type=deleted')).toMatchObject({
      ok: false,
      problem: { param: 'date_filter_type' },
    });
    expect(decode('page=0')).toMatchObject({ ok: false, problem: { param: 'page' } });
  });
});

describe('listRank (spec 1 §4)', () => {
  it('counts up ascending and down descending across pages', () => {
    expect(listRank({ offset: 20, index: 0, count: 45, descending: false })).toBe(21);
    expect(listRank({ offset: 20, index: 0, count: 45, descending: true })).toBe(25);
    expect(listRank({ offset: 40, index: 4, count: 45, descending: true })).toBe(1);
  });
});

describe('environment (issue 15: test workflows)', () => {
  it("lists Production's workflows unless a test environment or ALL is asked for", () => {
    const plain = decode('');
    expect(plain.ok && plain.state.environment).toBe('PRODUCTION');
    const qa = decode('environment=QA');
    expect(qa.ok && qa.state.environment).toBe('QA');
    expect(encodeListQuery({ ...defaultListState(), environment: 'ALL' }).toString()).toBe('environment=ALL');
    expect(encodeListQuery(defaultListState()).toString()).toBe('');
    expect(decode('environment=qa')).toEqual({
      ok: false,
      problem: { param: 'environment', key: 'invalidChoice' },
    });
  });
});
