import { IMPORT_ROW_MESSAGES, type ImportColumn, type ImportRowProblem } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { placeAccess } from '../workflows/index.js';
import { importPlacesRepository } from './import-places.repository.js';
import type { ImportTargetSpec } from './import-target.js';

// Plan §4.3: a row's region and business unit, written by name, must exist, the unit must lie in the
// region, and the importer needs full access to the place, as creating one by hand does. A type seen
// by region needs one on every new item.

type Places = Awaited<ReturnType<typeof importPlacesRepository.all>>;
const fold = (name: string) => name.trim().toLowerCase();

export type PlaceChecker = (cells: readonly string[]) => Promise<ImportRowProblem[]>;

export async function placeChecker(
  tx: Tx,
  ctx: UserContext,
  spec: ImportTargetSpec,
  columns: readonly ImportColumn[],
  creates: boolean,
): Promise<PlaceChecker> {
  const column = (attribute: 'region' | 'business_unit') =>
    columns.find((c) => c.target?.kind === 'attribute' && c.target.attribute === attribute);
  const regionColumn = column('region');
  const unitColumn = column('business_unit');
  const needsRegion = creates && (spec.objectType ? spec.objectType.hasRegion : true);
  if (!regionColumn && !unitColumn && !needsRegion) return async () => [];
  const places: Places = await importPlacesRepository.all(tx);
  // Access by place, asked once per place in a preview.
  const access = new Map<string, boolean>();
  const mayUse = async (regionId: string, unitId: string | null) => {
    const key = `${regionId}:${unitId ?? ''}`;
    let allowed = access.get(key);
    if (allowed === undefined) {
      allowed = (await placeAccess(tx, ctx.auth.user.id, regionId, unitId)) === 'full';
      access.set(key, allowed);
    }
    return allowed;
  };

  return async (cells) => {
    const regionName = regionColumn ? (cells[regionColumn.index] ?? '').trim() : '';
    const unitName = unitColumn ? (cells[unitColumn.index] ?? '').trim() : '';
    const at = (c: ImportColumn | undefined, code: string, message: string): ImportRowProblem[] => [
      { column: c?.index ?? null, field_tag: null, code, message },
    ];
    if (regionName === '') {
      return needsRegion ? at(regionColumn, 'place_required', IMPORT_ROW_MESSAGES.place_required()) : [];
    }
    const region = places.regions.find((r) => fold(r.name) === fold(regionName));
    if (!region)
      return at(regionColumn, 'unknown_region', IMPORT_ROW_MESSAGES.unknown_region({ value: regionName }));
    let unitId: string | null = null;
    if (unitName !== '') {
      const named = places.units.filter((u) => fold(u.name) === fold(unitName));
      const unit = named.find((u) => u.region_id === region.id);
      if (named.length === 0) {
        return at(
          unitColumn,
          'unknown_business_unit',
          IMPORT_ROW_MESSAGES.unknown_business_unit({ value: unitName }),
        );
      }
      if (!unit) {
        const message = IMPORT_ROW_MESSAGES.unit_outside_region({ unit: unitName, region: region.name });
        return at(unitColumn, 'unit_outside_region', message);
      }
      unitId = unit.id;
    }
    if (!(await mayUse(region.id, unitId))) {
      const value = unitId ? unitName : region.name;
      return at(
        unitId ? unitColumn : regionColumn,
        'place_not_allowed',
        IMPORT_ROW_MESSAGES.place_not_allowed({ value }),
      );
    }
    return [];
  };
}
