import type { LoginResponse } from '@attest/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetNext, recallNext, safeNext } from '../../../lib/navigation/next-url';
import { isMfaChallenge } from '../api/sign-in-result';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';

// After any first factor: on to the MFA step when the server asks for it, otherwise to `next`.
export function useFinishSignIn(next: string | null) {
  const navigate = useNavigate();
  return useCallback(
    // A link's own destination (next_path) counts when the page itself was not given one.
    (response: LoginResponse & { next_path?: string | null }) => {
      const destination = next ?? safeNext(response.next_path) ?? recallNext();
      if (isMfaChallenge(response)) {
        navigate(withNext(SIGN_IN_ROUTES.mfa, destination));
        return;
      }
      const target = destination ?? '/';
      forgetNext();
      navigate(target, { replace: true });
    },
    [navigate, next],
  );
}
