import {
  AcceptedSchema,
  type LoginResponse,
  LoginResponseSchema,
  type RequestMagicLinkSchema,
  SIGN_IN_PATHS,
} from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

export type RequestMagicLinkPayload = z.input<typeof RequestMagicLinkSchema>;

export function requestMagicLink(payload: RequestMagicLinkPayload) {
  return http.post(SIGN_IN_PATHS.requestMagicLink, payload, AcceptedSchema);
}

// Only ever called from the confirm button: mail scanners prefetch links, so a GET must not sign in.
export function magicLinkLogin(token: string): Promise<LoginResponse> {
  return http.post(SIGN_IN_PATHS.magicLinkLogin, { token }, LoginResponseSchema);
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

export function useMagicLinkLogin() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: magicLinkLogin, onSuccess: store });
}
