import { type User, UserSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseJson, send } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

// Signed out is a normal state here, not an error: 401 answers null. A 503 is the maintenance
// page's business (configuration drives it), so it raises no toast here; it also answers null, so
// the sign-in page an administrator opens during maintenance (issue 19) sees nobody signed in.
export async function getCurrentUser(): Promise<User | null> {
  const response = await send('users/me/', { query: { format: 'json' }, handledStatuses: [401, 503] });
  if (response.status === 401 || response.status === 503) return null;
  return parseJson(response, UserSchema);
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}
