import type { UserAccess } from '@attest/shared';

export type AccessChoice = 'none' | 'read' | 'full';
export type AccessMaps = { regions: Record<number, AccessChoice>; units: Record<number, AccessChoice> };

export function accessMaps(access: UserAccess): AccessMaps {
  return {
    regions: Object.fromEntries(access.regions.map((r) => [r.region_id, r.access])),
    units: Object.fromEntries(access.business_units.map((u) => [u.business_unit_id, u.access])),
  };
}

// 'none' is the absence of a row: the server stores only granted access.
export function toUserAccess(maps: AccessMaps): UserAccess {
  const granted = (map: Record<number, AccessChoice>) =>
    Object.entries(map).flatMap(([id, access]) => (access === 'none' ? [] : [{ id: Number(id), access }]));
  return {
    regions: granted(maps.regions).map(({ id, access }) => ({ region_id: id, access })),
    business_units: granted(maps.units).map(({ id, access }) => ({ business_unit_id: id, access })),
  };
}
