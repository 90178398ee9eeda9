import { type LoginRequestSchema, type LoginResponse, LoginResponseSchema, type User } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

// What the form sends; the server applies the schema's defaults (captcha_service is optional).
export type LoginPayload = z.input<typeof LoginRequestSchema>;

export function login(payload: LoginPayload): Promise<LoginResponse> {
  return http.post('users/login/', payload, LoginResponseSchema);
}

export function isMfaChallenge(response: LoginResponse): response is Exclude<LoginResponse, User> {
  return !('id' in response);
}

// Spec 1 section 4: success stores the user and reloads permissions; an MFA challenge stores nothing.
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (isMfaChallenge(response)) return;
      queryClient.setQueryData(authKeys.currentUser(), response);
      await queryClient.invalidateQueries({ queryKey: authKeys.permissions() });
    },
  });
}
