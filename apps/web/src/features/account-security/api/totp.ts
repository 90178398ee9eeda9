import { ACCOUNT_PATHS, RecoveryCodesResponseSchema, TotpSetupResponseSchema } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http, send } from '../../../lib/api/http-client';

// A new secret each time: nothing is stored as enrolled until a code from it is confirmed.
export function setupTotp() {
  return http.post(ACCOUNT_PATHS.totpSetup, {}, TotpSetupResponseSchema);
}

// The recovery codes are answered once, here, and never again.
export function confirmTotp(code: string) {
  return http.post(ACCOUNT_PATHS.totpConfirm, { code }, RecoveryCodesResponseSchema);
}

export async function disableTotp(password: string): Promise<void> {
  await send(ACCOUNT_PATHS.totpDisable, { method: 'POST', body: { password } });
}

export function regenerateRecoveryCodes() {
  return http.post(ACCOUNT_PATHS.recoveryCodes, {}, RecoveryCodesResponseSchema);
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}

// The signed-in user carries mfa.enrolled: the page tells the app to read it again afterwards.
export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp });
}

export function useDisableTotp() {
  return useMutation({ mutationFn: disableTotp });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
