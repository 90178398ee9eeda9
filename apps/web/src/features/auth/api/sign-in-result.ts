import type { LoginResponse, User } from '@attest/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys } from './auth-keys';

export type MfaChallenge = Exclude<LoginResponse, User>;

export function isMfaChallenge(response: LoginResponse): response is MfaChallenge {
  return !('id' in response);
}

// Spec 1 section 4: success stores the user and reloads permissions; an MFA challenge stores nothing.
export function useStoreSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (response: LoginResponse) => {
      if (isMfaChallenge(response)) return;
      queryClient.setQueryData(authKeys.currentUser(), response);
      await queryClient.invalidateQueries({ queryKey: authKeys.permissions() });
    },
    [queryClient],
  );
}
