import { ADMIN_PATHS } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';

export async function stopImpersonation(): Promise<void> {
  await send(ADMIN_PATHS.stopImpersonation, { method: 'POST', body: {} });
}

// Back to one's own account: a full reload to home drops every cache of the other user.
export function useStopImpersonation() {
  return useMutation({
    mutationFn: stopImpersonation,
    onSuccess: () => window.location.assign('/'),
    onError: () => toast.error('impersonation.stopFailed', { id: 'stop-impersonation' }),
  });
}
