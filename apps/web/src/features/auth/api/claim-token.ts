import { SIGN_IN_PATHS } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

// Spec 1 section 7 leaves the answer unspecified: the session cookie is what matters, so the user
// is read again afterwards rather than parsed from the body.
export async function claimToken(token: string): Promise<void> {
  await send(SIGN_IN_PATHS.claimToken, { method: 'POST', body: { token } });
}

export function useClaimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}
