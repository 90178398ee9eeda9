import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '../../features/auth';
import { setImpersonationListeners } from '../../lib/api/impersonation';

// Spec 1 section 4: when the impersonator-id header disappears, the user info is read again.
export function useImpersonationSync(): void {
  const queryClient: QueryClient = useQueryClient();
  useEffect(() => {
    setImpersonationListeners({
      onEnded: () => void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
    });
  }, [queryClient]);
}
