import { useQueryClient } from '@tanstack/react-query';
import { SecurityPage } from '../../features/account-security';
import { authKeys, useSignedInUser } from '../../features/auth';

export function AccountSecurityRoute() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  // Enrolment changes mfa.enrolled and lifts enrolment_required; permissions load once it is lifted.
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: authKeys.all });
  return <SecurityPage user={user} onMfaChanged={refreshUser} />;
}
