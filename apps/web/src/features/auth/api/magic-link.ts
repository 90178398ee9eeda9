import {
  AcceptedSchema,
  type RequestMagicLinkSchema,
  SIGN_IN_PATHS,
  SignInWithNextResponseSchema,
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
// The answer names the page the link was asked from (next_path).
export function magicLinkLogin(token: string) {
  return http.post(SIGN_IN_PATHS.magicLinkLogin, { token }, SignInWithNextResponseSchema);
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

export function useMagicLinkLogin() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: magicLinkLogin, onSuccess: store });
}
