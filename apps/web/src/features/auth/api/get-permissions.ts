import { type PermissionCodename, PermissionsResponseSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

export async function getPermissions(): Promise<Record<string, boolean>> {
  const { objects } = await http.get('users/permissions/', PermissionsResponseSchema);
  return objects;
}

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.permissions(),
    queryFn: getPermissions,
    staleTime: Number.POSITIVE_INFINITY,
  });

export type Can = (codename: PermissionCodename) => boolean;

// Spec 1 section 6: permissions are checked by name; until they load, nothing is allowed.
export function usePermissions(enabled = true) {
  const query = useQuery({ ...permissionsQueryOptions(), enabled });
  const objects = query.data;
  const can = useCallback<Can>((codename) => objects?.[codename] === true, [objects]);
  return { can, isPending: query.isPending, error: query.error };
}
