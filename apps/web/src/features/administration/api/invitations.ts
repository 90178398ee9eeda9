import { ADMIN_PATHS, type InvitationRequestSchema } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { send } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';

export type Invitation = z.input<typeof InvitationRequestSchema>;

export async function inviteThirdPartyUser(invitation: Invitation): Promise<void> {
  await send(ADMIN_PATHS.invitations, { method: 'POST', body: invitation });
}

export function useInviteThirdPartyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteThirdPartyUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
