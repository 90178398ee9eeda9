import {
  type CreateStudioAppRequest,
  CreateStudioAppRequestSchema,
  PAGE_SIZE,
  STUDIO_PATHS,
  type StudioApp,
  StudioAppDetailSchema,
  StudioAppSchema,
  StudioAppsPageSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { type StudioAppsListParams, studioKeys } from './studio-keys';

// Forms show the server's 400 (its field errors) themselves.
export const STUDIO_FORM_HANDLED = [400] as const;
export const STUDIO_APPS_PAGE_SIZE = PAGE_SIZE;

// page counts from 0.
export function getStudioApps({ page, q }: StudioAppsListParams, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.apps, StudioAppsPageSchema, {
    query: { limit: STUDIO_APPS_PAGE_SIZE, offset: page * STUDIO_APPS_PAGE_SIZE, q: q.trim() || undefined },
    signal,
  });
}

export const studioAppsQueryOptions = (params: StudioAppsListParams) =>
  queryOptions({
    queryKey: studioKeys.appsList({ page: params.page, q: params.q.trim() }),
    queryFn: ({ signal }) => getStudioApps(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStudioApps(params: StudioAppsListParams) {
  return useQuery(studioAppsQueryOptions(params));
}

// The app with its branches, versions (with their latest review), newest savepoints and deployments.
export function getStudioApp(appId: number, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.app(appId), StudioAppDetailSchema, { signal });
}

export const studioAppQueryOptions = (appId: number) =>
  queryOptions({
    queryKey: studioKeys.app(appId),
    queryFn: ({ signal }) => getStudioApp(appId, signal),
  });

export function useStudioApp(appId: number) {
  return useQuery(studioAppQueryOptions(appId));
}

export type CreateStudioAppInput = z.input<typeof CreateStudioAppRequestSchema>;

export function createStudioApp(body: CreateStudioAppInput): Promise<StudioApp> {
  const request: CreateStudioAppRequest = CreateStudioAppRequestSchema.parse(body);
  return http.post(STUDIO_PATHS.apps, request, StudioAppSchema, { handledStatuses: STUDIO_FORM_HANDLED });
}

export function useCreateStudioApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudioApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.apps() }),
  });
}
