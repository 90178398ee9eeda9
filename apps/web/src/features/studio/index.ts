// The studio feature's public face (issue 15): its pages for the router and the api other parts use.
export { studioAppQueryOptions, useCreateStudioApp, useStudioApp, useStudioApps } from './api/apps';
export {
  useCreateStudioBranch,
  useCreateStudioSavepoint,
  useStudioBranch,
  useStudioSavepoint,
} from './api/branches';
export { studioKeys } from './api/studio-keys';
// The diff, activity log, records by stage and app settings pages (loaded lazily by the router).
export { StudioActivityPage } from './activity/activity-page';
export { StudioDiffPage } from './diff/diff-page';
export { StudioRecordDetailPage } from './records/record-detail-page';
export { StudioRecordsPage } from './records/records-page';
export { StudioAppSettingsPage } from './settings/app-settings-page';
