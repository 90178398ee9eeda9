import type { LoginResponse } from '@attest/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetNext, recallNext } from '../../../lib/navigation/next-url';
import { isMfaChallenge } from '../api/sign-in-result';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';

// After any first factor: on to the MFA step when the server asks for it, otherwise to `next`.
export function useFinishSignIn(next: string | null) {
  const navigate = useNavigate();
  return useCallback(
    (response: LoginResponse) => {
      if (isMfaChallenge(response)) {
        navigate(withNext(SIGN_IN_ROUTES.mfa, next ?? recallNext()));
        return;
      }
      const target = next ?? recallNext() ?? '/';
      forgetNext();
      navigate(target, { replace: true });
    },
    [navigate, next],
  );
}
