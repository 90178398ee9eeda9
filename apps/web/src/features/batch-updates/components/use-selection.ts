import { DEFAULT_RECORD_ORDERING, type FilterAttribute, recordCatalogue } from '@attest/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { objectTypeQueryOptions, type RecordListParams, recordsQueryOptions } from '../../records';
import { kindFieldsQueryOptions, workflowListQueryOptions } from '../../workflow-list';
import { type NewUpdateSelection, recordsListPath } from '../lib/new-update-path';
import { EDITABLE_TYPES, fieldTagOf } from './answer-change-row';

export type SelectionSource = {
  // What the list counts for the same query; undefined while it is asked.
  count: { value: number; estimate: boolean } | undefined;
  // The fields whose values may be set (null: answers need a kind first).
  answerFields: FilterAttribute[] | null;
  hasRegion: boolean;
  hasBusinessUnit: boolean;
  // Where the filters are changed: the list the selection came from.
  listPath: string;
};

// The records list's request for a server query (one row: only its count is read).
function recordParams(query: string): RecordListParams {
  const search = new URLSearchParams(query);
  const archived = search.get('archived');
  return {
    limit: 1,
    offset: 0,
    ordering: search.get('ordering') || DEFAULT_RECORD_ORDERING,
    q: search.get('q') || undefined,
    region__in: search.get('region__in') || undefined,
    business_unit__in: search.get('business_unit__in') || undefined,
    archived: archived === 'true' || archived === '1' ? 'true' : undefined,
  };
}

const editable = (attributes: readonly FilterAttribute[]) =>
  attributes.filter((a) => fieldTagOf(a) !== null && EDITABLE_TYPES.has(a.type));

// What a new update's selection is made of: the dashboard's workflows (their kind's fields) or one
// object type's records (its fields, and its region and unit where it has them).
export function useSelection(selection: NewUpdateSelection): SelectionSource {
  const workflows = selection.target === 'workflows';
  const kindId = selection.target === 'workflows' ? selection.kindId : null;
  const tag = selection.target === 'records' ? selection.objectType : '';
  // The same requests (and cache) as the lists: their count is what the update selects.
  const list = useQuery({ ...workflowListQueryOptions(selection.query), enabled: workflows });
  const kindFields = useQuery({ ...kindFieldsQueryOptions(kindId ?? 0), enabled: kindId !== null });
  const type = useQuery({ ...objectTypeQueryOptions(tag), enabled: !workflows });
  const records = useQuery({
    ...recordsQueryOptions(tag, recordParams(selection.query)),
    enabled: !workflows,
  });
  const definition = type.data?.definition;
  const answerFields = useMemo(() => {
    if (!workflows) return definition ? editable(recordCatalogue(definition)) : [];
    if (kindId === null) return null;
    return editable(kindFields.data?.results ?? []);
  }, [workflows, definition, kindId, kindFields.data]);

  if (workflows) {
    return {
      count: list.data ? { value: list.data.count, estimate: list.data.count_is_estimate } : undefined,
      answerFields,
      hasRegion: true,
      hasBusinessUnit: true,
      listPath: `/workflows/instances${selection.query ? `?${selection.query}` : ''}`,
    };
  }
  return {
    count: records.data ? { value: records.data.count, estimate: false } : undefined,
    answerFields,
    hasRegion: definition?.has_region ?? false,
    hasBusinessUnit: definition?.has_business_unit ?? false,
    listPath: recordsListPath(tag, selection.query),
  };
}
