import { type LoginResponse, LoginResponseSchema, SIGN_IN_PATHS } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

// The pending challenge travels in an httpOnly cookie; the body carries only the code.
export function loginUsingMfa(token: string): Promise<LoginResponse> {
  return http.post(SIGN_IN_PATHS.loginUsingMfa, { token }, LoginResponseSchema);
}

export function useLoginUsingMfa() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: loginUsingMfa, onSuccess: store });
}
