import { useMemo } from 'react';
import { useAllBusinessUnits, useRegions } from '../../workflow-list';
import type { PlaceNames } from '../lib/change-summary';

// Regions and business units by id, from the pickers' own lists (those the person may see).
export function usePlaceNames(): PlaceNames & {
  regions: ReturnType<typeof useRegions>;
  units: ReturnType<typeof useAllBusinessUnits>;
} {
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  return useMemo(() => {
    const regionNames = new Map((regions.data ?? []).map((r) => [r.id, r.name]));
    const unitNames = new Map((units.data ?? []).map((u) => [u.id, u.name]));
    return {
      regions,
      units,
      region: (id: number) => regionNames.get(id),
      businessUnit: (id: number) => unitNames.get(id),
    };
  }, [regions, units]);
}
