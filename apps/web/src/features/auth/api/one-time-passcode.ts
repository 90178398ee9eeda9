import {
  AcceptedSchema,
  type LoginResponse,
  LoginResponseSchema,
  type RequestOtpSchema,
  SIGN_IN_PATHS,
  type SubmitOtpSchema,
} from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { useStoreSignIn } from './sign-in-result';

export type RequestOtpPayload = z.input<typeof RequestOtpSchema>;
export type SubmitOtpPayload = z.input<typeof SubmitOtpSchema>;

// The answer is the same whether or not the address has an account.
export function requestOtp(payload: RequestOtpPayload) {
  return http.post(SIGN_IN_PATHS.requestOtp, payload, AcceptedSchema);
}

export function submitOtp(payload: SubmitOtpPayload): Promise<LoginResponse> {
  return http.post(SIGN_IN_PATHS.submitOtp, payload, LoginResponseSchema);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

export function useSubmitOtp() {
  const store = useStoreSignIn();
  return useMutation({ mutationFn: submitOtp, onSuccess: store });
}
