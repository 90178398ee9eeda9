import { ObjectTypeDetailSchema, ObjectTypesSchema, RECORD_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { recordKeys } from './record-keys';

// Definitions change only when the studio publishes: a visit keeps them a while.
const TYPES_STALE_MS = 5 * 60_000;

export const objectTypesQueryOptions = () =>
  queryOptions({
    queryKey: recordKeys.objectTypes(),
    queryFn: ({ signal }) => http.get(RECORD_PATHS.objectTypes, ObjectTypesSchema, { signal }),
    staleTime: TYPES_STALE_MS,
  });

export const objectTypeQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: recordKeys.objectType(tag),
    queryFn: ({ signal }) =>
      http.get(RECORD_PATHS.objectType(tag), ObjectTypeDetailSchema, { signal, handledStatuses: [403, 404] }),
    staleTime: TYPES_STALE_MS,
  });

export const useObjectTypes = (enabled = true) => useQuery({ ...objectTypesQueryOptions(), enabled });
export const useObjectType = (tag: string) => useQuery(objectTypeQueryOptions(tag));
