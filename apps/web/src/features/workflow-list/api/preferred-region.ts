import { GetAnswerResponseSchema, HttpError, WORKFLOW_PATHS } from '@attest/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { dashboardKeys } from './dashboard-keys';
import { regionsQueryOptions } from './lookups';

// Spec 1 §3: the preferred region is an answer on the user's profile workflow, read with
// responses/get-answer/ (§7). The field follows the tag scheme of a profile kind
// (kind user_profile, step group preferences, step settings); a tenant without such a kind, or a
// user without a profile workflow, simply has no preferred region (docs/dashboard.md).
export const PREFERRED_REGION_FIELD_TAG = 'user_profile__preferences__settings__preferred_region';

// A region field's answer is the region's id (a number, a numeric string or an option object).
export function regionIdOf(answer: unknown): number | null {
  const raw =
    typeof answer === 'object' && answer !== null && 'value' in answer
      ? (answer as { value: unknown }).value
      : typeof answer === 'object' && answer !== null && 'id' in answer
        ? (answer as { id: unknown }).id
        : answer;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export async function getPreferredRegion(
  profileWorkflowId: number,
  signal?: AbortSignal,
): Promise<number | null> {
  try {
    const { answer } = await http.get(WORKFLOW_PATHS.getAnswer, GetAnswerResponseSchema, {
      query: { workflow_id: profileWorkflowId, field_tag: PREFERRED_REGION_FIELD_TAG },
      signal,
      handledStatuses: [400, 403, 404],
    });
    return regionIdOf(answer);
  } catch (error) {
    // No such field on this tenant's profile kind, or the profile is out of reach: no preference.
    if (error instanceof HttpError && error.status < 500) return null;
    throw error;
  }
}

// Spec 1 §9: cached without expiry. A preferred region the person may not see (any region can be
// answered on the profile, and access can be taken away) narrows nothing: the dashboard would open on
// a region its filter does not offer, with nothing in it (issue 14).
export function usePreferredRegion(profileWorkflowId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: dashboardKeys.preferredRegion(profileWorkflowId ?? 0),
    queryFn: async ({ signal }) => {
      const id = await getPreferredRegion(profileWorkflowId ?? 0, signal);
      if (id === null) return null;
      const visible = await queryClient.fetchQuery(regionsQueryOptions());
      return visible.some((region) => region.id === id) ? id : null;
    },
    enabled: profileWorkflowId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
