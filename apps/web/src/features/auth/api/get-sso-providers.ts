import { SIGN_IN_PATHS, SsoProvidersResponseSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

export async function getSsoProviders() {
  const { results } = await http.get(SIGN_IN_PATHS.ssoProviders, SsoProvidersResponseSchema);
  return results;
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({ queryKey: authKeys.ssoProviders(), queryFn: getSsoProviders });

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}

// A full navigation: the provider's pages are not ours, and `next` survives the round trip.
export function ssoAuthorizeUrl(slug: string, next: string | null, popup = false): string {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  if (popup) query.set('popup', '1');
  const qs = query.toString();
  return `${SIGN_IN_PATHS.ssoAuthorize(slug)}${qs ? `?${qs}` : ''}`;
}
