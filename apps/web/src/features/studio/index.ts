// The studio feature's public face (issue 15): its pages for the router and the api other parts use.
export { studioAppQueryOptions, useCreateStudioApp, useStudioApp, useStudioApps } from './api/apps';
export {
  useCreateStudioBranch,
  useCreateStudioSavepoint,
  useStudioBranch,
  useStudioSavepoint,
} from './api/branches';
export { studioKeys } from './api/studio-keys';
