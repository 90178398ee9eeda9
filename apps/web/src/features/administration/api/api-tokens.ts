import {
  API_TOKEN_PATHS,
  type ApiTokenCreate,
  ApiTokenCreatedSchema,
  ApiTokenSchema,
  ApiTokensPageSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { adminKeys } from './admin-keys';
import { type PageRequest, pageQuery } from './page-request';

// Settings > API tokens (issue 19): the list, paged on the server; the secret only in create's answer.
export function getApiTokens(page: PageRequest) {
  return http.get(API_TOKEN_PATHS.tokens, ApiTokensPageSchema, { query: pageQuery(page) });
}

export const apiTokensQueryOptions = (page: PageRequest) =>
  queryOptions({
    queryKey: adminKeys.apiTokensPage(page),
    queryFn: () => getApiTokens(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useApiTokens(page: PageRequest) {
  return useQuery(apiTokensQueryOptions(page));
}

export function createApiToken(input: ApiTokenCreate) {
  return http.post(API_TOKEN_PATHS.tokens, input, ApiTokenCreatedSchema);
}

export function revokeApiToken(id: number) {
  return http.post(API_TOKEN_PATHS.revoke(id), {}, ApiTokenSchema);
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.apiTokens() });
}

export function useCreateApiToken() {
  return useMutation({ mutationFn: createApiToken, onSuccess: useInvalidateTokens() });
}

export function useRevokeApiToken() {
  return useMutation({ mutationFn: revokeApiToken, onSuccess: useInvalidateTokens() });
}
