import { SIGN_IN_PATHS, SignInWithNextResponseSchema } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

// A short-lived single-use token becomes a session (or the MFA step), with the page it was minted for.
export function claimToken(token: string) {
  return http.post(SIGN_IN_PATHS.claimToken, { token }, SignInWithNextResponseSchema);
}

export function useClaimToken() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: claimToken, onSuccess: store });
}
