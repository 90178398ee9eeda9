// One factory for the studio area's query keys (STYLE rule 10). Every studio query key starts with
// studioKeys.all, so a write can refresh the whole area; narrower keys let a write refresh less.
export type StudioAppsListParams = { page: number; q: string };

export const studioKeys = {
  all: ['studio'] as const,
  apps: () => [...studioKeys.all, 'apps'] as const,
  appsList: (params: StudioAppsListParams) => [...studioKeys.apps(), 'list', params] as const,
  // An app's detail and everything under it (branches, savepoints, diffs, activity of that app).
  app: (appId: number) => [...studioKeys.apps(), appId] as const,
  branch: (appId: number, branchId: number) => [...studioKeys.app(appId), 'branch', branchId] as const,
  savepoint: (appId: number, savepointId: number) =>
    [...studioKeys.app(appId), 'savepoint', savepointId] as const,
  diff: (appId: number, from: string, to: string) => [...studioKeys.app(appId), 'diff', from, to] as const,
  activity: (params: { appId?: number; page: number }) => [...studioKeys.all, 'activity', params] as const,
  records: (stage: string, page: number) => [...studioKeys.all, 'records', stage, page] as const,
  // Moving running workflows to a deployed version (H7): its preview per process, one move's progress.
  movePreview: (appId: number, versionId: number, process: string, page: number) =>
    [...studioKeys.app(appId), 'version', versionId, 'move-preview', process, page] as const,
  move: (appId: number, versionId: number, moveId: number, page: number) =>
    [...studioKeys.app(appId), 'version', versionId, 'move', moveId, page] as const,
  // An environment's test workflows, across the tenant's apps.
  testWorkflows: (environment: string, page?: number) =>
    page === undefined
      ? ([...studioKeys.all, 'test-workflows', environment] as const)
      : ([...studioKeys.all, 'test-workflows', environment, page] as const),
};
