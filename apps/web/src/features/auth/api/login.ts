import { type LoginRequestSchema, type LoginResponse, LoginResponseSchema } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

export { isMfaChallenge } from './sign-in-result';

// What the form sends; the server applies the schema's defaults (captcha_service is optional).
export type LoginPayload = z.input<typeof LoginRequestSchema>;

export function login(payload: LoginPayload): Promise<LoginResponse> {
  return http.post('users/login/', payload, LoginResponseSchema);
}

export function useLogin() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: login, onSuccess: store });
}
