import { ACCOUNT_PATHS } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '../../../lib/api/http-client';
import { accountKeys } from './account-keys';

export type ChangePasswordPayload = { current_password: string; new_password: string };

export async function changePassword(payload: ChangePasswordPayload): Promise<void> {
  await send(ACCOUNT_PATHS.changePassword, { method: 'POST', body: payload });
}

// Every other session ends on the server, so the list is read again.
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessionsAll() }),
  });
}
