import type { User } from '@attest/shared';
import { useCurrentUserQuery } from './get-current-user';

// For screens under RequireAuth, which renders nothing until a user is known.
export function useSignedInUser(): User {
  const { data } = useCurrentUserQuery();
  if (!data) throw new Error('The signed-in user is read outside a private route');
  return data;
}
