import {
  STUDIO_DEPLOY_PERMISSIONS,
  STUDIO_ENVIRONMENTS,
  STUDIO_PATHS,
  type StudioDeployment,
  StudioDeploymentSchema,
  type StudioEnvironment,
} from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import type { Can } from '../../auth';
import { STUDIO_FORM_HANDLED } from './apps';
import { studioKeys } from './studio-keys';

export function deployStudioVersion(appId: number, versionId: number, environment: StudioEnvironment) {
  return http.post(
    STUDIO_PATHS.versionDeployments(appId, versionId),
    { environment },
    StudioDeploymentSchema,
    {
      handledStatuses: [...STUDIO_FORM_HANDLED, 403],
    },
  );
}

export function useDeployStudioVersion(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, environment }: { versionId: number; environment: StudioEnvironment }) =>
      deployStudioVersion(appId, versionId, environment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

// Only the environments the user's permissions allow deploying to (the server refuses the others).
export function deployableEnvironments(can: Can): StudioEnvironment[] {
  return STUDIO_ENVIRONMENTS.filter((environment) => can(STUDIO_DEPLOY_PERMISSIONS[environment]));
}

// Each environment runs its newest deployment; the app detail lists them newest first.
export function runningDeployments(deployments: readonly StudioDeployment[]) {
  const running = new Map<StudioEnvironment, StudioDeployment>();
  for (const deployment of deployments) {
    if (!running.has(deployment.environment)) running.set(deployment.environment, deployment);
  }
  return running;
}
