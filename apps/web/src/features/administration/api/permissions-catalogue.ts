import { ADMIN_PATHS, PermissionsCatalogueSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

export async function getPermissionsCatalogue() {
  const { results } = await http.get(ADMIN_PATHS.permissions, PermissionsCatalogueSchema);
  return results;
}

export const permissionsCatalogueQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.permissions(), queryFn: getPermissionsCatalogue });

export function usePermissionsCatalogue() {
  return useQuery(permissionsCatalogueQueryOptions());
}
