import { ADMIN_PATHS } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../../lib/api/http-client';

export async function impersonate(userId: number): Promise<void> {
  await send(ADMIN_PATHS.impersonate, { method: 'POST', body: { user_id: userId } });
}

// A new session for someone else: a full reload to home so nothing of the admin's view lingers.
export function useImpersonate() {
  return useMutation({ mutationFn: impersonate, onSuccess: () => window.location.assign('/') });
}
