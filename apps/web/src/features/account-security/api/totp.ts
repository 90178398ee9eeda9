import {
  ACCOUNT_PATHS,
  httpErrorFromBody,
  RecoveryCodesResponseSchema,
  TotpSetupResponseSchema,
} from '@attest/shared';
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

// A tenant that requires MFA refuses with 403: that is an answer for the dialog to show, not the
// app-wide 'Insufficient Permissions' warning.
export async function disableTotp(password: string): Promise<void> {
  const response = await send(ACCOUNT_PATHS.totpDisable, {
    method: 'POST',
    body: { password },
    handledStatuses: [403],
  });
  if (!response.ok) throw httpErrorFromBody(response.status, response.statusText, await response.text());
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
