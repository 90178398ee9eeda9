import { z } from 'zod';
import { AccessLevelSchema } from './administration.js';
import { ApiErrorSchema } from './errors.js';
import { PageQuerySchema, pageOf } from './pagination.js';
import { text } from './validators/input-limits.js';

// Issue 19, Settings > Access: administrators create, rename, archive and restore the tenant's
// regions and business units, and see who may see each (spec 2 §9.4 "access"; spec 1 §3: a region
// and a business unit are an id and a name).
export const PLACES_PATHS = {
  regions: '/api/v1/admin/access/regions/',
  region: (id: number) => `/api/v1/admin/access/regions/${id}/`,
  regionArchive: (id: number) => `/api/v1/admin/access/regions/${id}/archive/`,
  regionRestore: (id: number) => `/api/v1/admin/access/regions/${id}/restore/`,
  regionViewers: (id: number) => `/api/v1/admin/access/regions/${id}/viewers/`,
  regionUnits: (id: number) => `/api/v1/admin/access/regions/${id}/business-units/`,
  businessUnit: (id: number) => `/api/v1/admin/access/business-units/${id}/`,
  businessUnitArchive: (id: number) => `/api/v1/admin/access/business-units/${id}/archive/`,
  businessUnitRestore: (id: number) => `/api/v1/admin/access/business-units/${id}/restore/`,
  businessUnitViewers: (id: number) => `/api/v1/admin/access/business-units/${id}/viewers/`,
} as const;

// A name fits a filter chip and a picker row; the database allows 200, the product 100.
export const PLACE_NAME_MAX = 100;
export const PlaceNameSchema = z.object({ name: text().trim().min(1).max(PLACE_NAME_MAX) }).strict();
export type PlaceName = z.infer<typeof PlaceNameSchema>;

export const PLACE_STATUSES = ['active', 'archived'] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];
export const PlacesQuerySchema = PageQuerySchema.extend({
  status: z.enum(PLACE_STATUSES).default('active'),
  q: text().trim().max(PLACE_NAME_MAX).optional(),
});
export type PlacesQuery = z.infer<typeof PlacesQuerySchema>;

// What keeps a place from being archived: live (unarchived) workflows and records in it, users'
// access grants on it and, for a region, its active business units. Archived workflows and records
// do not count: they keep showing the name whatever happens to the place.
export const PlaceUsageSchema = z.object({
  workflows: z.number().int(),
  records: z.number().int(),
  grants: z.number().int(),
  business_units: z.number().int(),
});
export type PlaceUsage = z.infer<typeof PlaceUsageSchema>;
// A refused archive (400 place_in_use) says why in words and in numbers.
export const PlaceRefusalSchema = ApiErrorSchema.extend({ usage: PlaceUsageSchema.optional() });

export const ManagedRegionSchema = z.object({
  id: z.number().int(),
  name: text(),
  archived_at: text().nullable(),
  business_unit_count: z.number().int(),
  viewer_count: z.number().int(),
});
export type ManagedRegion = z.infer<typeof ManagedRegionSchema>;
export const ManagedRegionsPageSchema = pageOf(ManagedRegionSchema);

export const ManagedBusinessUnitSchema = z.object({
  id: z.number().int(),
  name: text(),
  region_id: z.number().int(),
  archived_at: text().nullable(),
  viewer_count: z.number().int(),
});
export type ManagedBusinessUnit = z.infer<typeof ManagedBusinessUnitSchema>;
export const ManagedBusinessUnitsPageSchema = pageOf(ManagedBusinessUnitSchema);

// "Who sees which": a user sees a region's workflows with a grant on the region or on one of its
// units, and a unit's with a grant on the unit or on its region (workflow-access.repository.ts).
// Access is granted per user; groups carry permissions, not places.
export const PlaceViewerSchema = z.object({
  user_id: z.number().int(),
  email: text(),
  first_name: text(),
  last_name: text(),
  access: AccessLevelSchema,
  via: z.enum(['region', 'business_unit']),
  // The place the grant is on: the region itself, one of its units, or the unit's region.
  via_name: text(),
});
export type PlaceViewer = z.infer<typeof PlaceViewerSchema>;
export const PlaceViewersPageSchema = pageOf(PlaceViewerSchema);

export const PLACE_ERROR_CODES = {
  nameTaken: 'place_name_taken',
  inUse: 'place_in_use',
  archived: 'place_archived',
} as const;

export const PLACE_MESSAGES = {
  regionNameTaken: 'A region with this name already exists.',
  businessUnitNameTaken: 'A business unit with this name already exists in this region.',
  regionArchived: 'This region is archived. Restore it first.',
  businessUnitArchived: 'This business unit is archived. Restore it first.',
  regionOfUnitArchived: 'The region of this business unit is archived. Restore the region first.',
} as const;

// "This region is in use and cannot be archived: 3 open workflows, 1 access grant."
export function placeInUseMessage(kind: 'region' | 'business unit', usage: PlaceUsage): string {
  const parts = [
    counted(usage.workflows, 'open workflow'),
    counted(usage.records, 'active record'),
    counted(usage.grants, 'access grant'),
    counted(usage.business_units, 'active business unit'),
  ].filter((part): part is string => part !== null);
  return `This ${kind} is in use and cannot be archived: ${parts.join(', ')}.`;
}

function counted(count: number, noun: string): string | null {
  return count === 0 ? null : `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function isPlaceInUse(usage: PlaceUsage): boolean {
  return usage.workflows + usage.records + usage.grants + usage.business_units > 0;
}
