import { type LoginResponse, LoginResponseSchema, SIGN_IN_PATHS } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

export type AcceptInvitationPayload = { token: string; password: string };

export function acceptInvitation(payload: AcceptInvitationPayload): Promise<LoginResponse> {
  return http.post(SIGN_IN_PATHS.acceptInvitation, payload, LoginResponseSchema);
}

export function useAcceptInvitation() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: store });
}
