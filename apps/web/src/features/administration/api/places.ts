import {
  ManagedBusinessUnitSchema,
  ManagedBusinessUnitsPageSchema,
  type ManagedRegion,
  ManagedRegionSchema,
  ManagedRegionsPageSchema,
  PLACES_PATHS,
  type PlaceStatus,
  PlaceViewersPageSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

// Settings > Access (issue 19): the tenant's regions and business units as administrators manage them.
export type PlaceListRequest = PageRequest & { status: PlaceStatus };
export type PlaceKind = 'region' | 'unit';

export const placesKeys = {
  all: () => [...adminKeys.all, 'places'] as const,
  regions: (page: PlaceListRequest) => [...placesKeys.all(), 'regions', page] as const,
  units: (regionId: number, page: PlaceListRequest) =>
    [...placesKeys.all(), 'units', regionId, page] as const,
  viewers: (kind: PlaceKind, id: number, page: number) =>
    [...placesKeys.all(), 'viewers', kind, id, page] as const,
};

export const managedRegionsQueryOptions = (page: PlaceListRequest) =>
  queryOptions({
    queryKey: placesKeys.regions(page),
    queryFn: () =>
      http.get(PLACES_PATHS.regions, ManagedRegionsPageSchema, {
        query: { ...pageQuery(page), status: page.status },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useManagedRegions(page: PlaceListRequest) {
  return useQuery(managedRegionsQueryOptions(page));
}

export const managedUnitsQueryOptions = (regionId: number, page: PlaceListRequest) =>
  queryOptions({
    queryKey: placesKeys.units(regionId, page),
    queryFn: () =>
      http.get(PLACES_PATHS.regionUnits(regionId), ManagedBusinessUnitsPageSchema, {
        query: { ...pageQuery(page), status: page.status },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useManagedUnits(regionId: number, page: PlaceListRequest) {
  return useQuery(managedUnitsQueryOptions(regionId, page));
}

export const placeViewersQueryOptions = (kind: PlaceKind, id: number, page: number) =>
  queryOptions({
    queryKey: placesKeys.viewers(kind, id, page),
    queryFn: () =>
      http.get(
        kind === 'region' ? PLACES_PATHS.regionViewers(id) : PLACES_PATHS.businessUnitViewers(id),
        PlaceViewersPageSchema,
        { query: pageQuery({ page }) },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function usePlaceViewers(kind: PlaceKind, id: number, page: number) {
  return useQuery(placeViewersQueryOptions(kind, id, page));
}

const RegionAnswerSchema = ManagedRegionSchema.omit({ business_unit_count: true, viewer_count: true });
const UnitAnswerSchema = ManagedBusinessUnitSchema.omit({ viewer_count: true });

export function createRegion(name: string): Promise<ManagedRegion> {
  return http.post(PLACES_PATHS.regions, { name }, ManagedRegionSchema);
}

export function createUnit({ regionId, name }: { regionId: number; name: string }) {
  return http.post(PLACES_PATHS.regionUnits(regionId), { name }, ManagedBusinessUnitSchema);
}

export function renamePlace({ kind, id, name }: { kind: PlaceKind; id: number; name: string }) {
  const path = kind === 'region' ? PLACES_PATHS.region(id) : PLACES_PATHS.businessUnit(id);
  return request(path, kind === 'region' ? RegionAnswerSchema : UnitAnswerSchema, {
    method: 'PATCH',
    body: { name },
  });
}

export function setPlaceArchived({ kind, id, archived }: { kind: PlaceKind; id: number; archived: boolean }) {
  const paths =
    kind === 'region'
      ? [PLACES_PATHS.regionArchive, PLACES_PATHS.regionRestore]
      : [PLACES_PATHS.businessUnitArchive, PLACES_PATHS.businessUnitRestore];
  const path = (archived ? paths[0] : paths[1])?.(id) ?? '';
  return http.post(path, {}, kind === 'region' ? RegionAnswerSchema : UnitAnswerSchema);
}

// A change shows in these lists, in the grant editor's lists of places and in everyone's filters.
function useInvalidatePlaces() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: placesKeys.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.regions() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.businessUnits() }),
    ]);
}

export function useCreateRegion() {
  return useMutation({ mutationFn: createRegion, onSuccess: useInvalidatePlaces() });
}

export function useCreateUnit() {
  return useMutation({ mutationFn: createUnit, onSuccess: useInvalidatePlaces() });
}

export function useRenamePlace() {
  return useMutation({ mutationFn: renamePlace, onSuccess: useInvalidatePlaces() });
}

export function useSetPlaceArchived() {
  return useMutation({ mutationFn: setPlaceArchived, onSuccess: useInvalidatePlaces() });
}

// After a grant given in the access editor: the viewers and their counts change.
export function useRefreshPlaces() {
  return useInvalidatePlaces();
}
