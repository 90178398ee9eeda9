// The studio feature's public face (issue 15): its pages for the router and the api other parts use.

// The diff, activity log, records by stage and app settings pages (loaded lazily by the router).
export { StudioActivityPage } from './activity/activity-page';
export { studioAppQueryOptions, useCreateStudioApp, useStudioApp, useStudioApps } from './api/apps';
export {
  useCreateStudioBranch,
  useCreateStudioSavepoint,
  useStudioBranch,
  useStudioSavepoint,
} from './api/branches';
export { studioKeys } from './api/studio-keys';
// Page addresses (a branch by its name in the address) for links between the studio's pages.
export { branchNamed, studioPaths } from './apps/studio-paths';
export { ProcessDesignerPage } from './designer/components/designer-page';
// The process designer and the process page (read-only), and the new-process action.
export { NewProcessButton } from './designer/components/new-process-button';
export { ProcessOverviewPage } from './designer/components/process-overview-page';
export { StudioDiffPage } from './diff/diff-page';
// The object type designer (issue 18).
export { ObjectDesignerPage } from './objects/object-designer';
export { StudioRecordDetailPage } from './records/record-detail-page';
export { StudioRecordsPage } from './records/records-page';
export { StudioAppSettingsPage } from './settings/app-settings-page';
