import { HOME_PATHS, HomeSchema } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

// The tenant's home page configuration, already validated by the server (spec 2 §5).
export function getHome(signal?: AbortSignal) {
  return http.get(HOME_PATHS.home, HomeSchema, { signal });
}

export const homeQueryOptions = () =>
  queryOptions({ queryKey: homeKeys.config(), queryFn: ({ signal }) => getHome(signal) });

export function useHome() {
  return useQuery(homeQueryOptions());
}
