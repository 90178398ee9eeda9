// Issue 14 (accessibility): every path of the router, with the people who open it in the axe check
// (accessibility.e2e.ts). A unit test (apps/web/src/app/router/routes-to-check.test.ts) walks the
// router and fails when a path is missing here, so the check grows as routes are added.

export type Visitor = 'anonymous' | 'admin' | 'analyst' | 'supplier';

// Real ids, read from the API as the visitor after signing in; null when the visitor sees none.
export type RouteIds = {
  workflowId: number | null;
  dashboardId: number | null;
  reportId: number | null;
  // The first Supplier record and batch import the visitor may see (the demo seeds both).
  supplierId: number | null;
  importId: number | null;
};

export type RouteToCheck = {
  // The router's path, its segments joined from the root ('/process/:id/map').
  route: string;
  // What the browser opens; null when the visitor has no such record (the visit is skipped).
  visit: (ids: RouteIds) => string | null;
  as: readonly Visitor[];
};

const ALL_SIGNED_IN: readonly Visitor[] = ['admin', 'analyst', 'supplier'];
const ADMIN: readonly Visitor[] = ['admin'];
const READERS: readonly Visitor[] = ['admin', 'analyst'];

const at = (path: string) => () => path;
const workflow = (suffix: string) => (ids: RouteIds) =>
  ids.workflowId === null ? null : `/process/${ids.workflowId}${suffix}`;
const dashboard = (suffix: string) => (ids: RouteIds) =>
  ids.dashboardId === null ? null : `/dashboard/${ids.dashboardId}${suffix}`;
const report = (prefix: (ids: RouteIds) => string | null, suffix: string) => (ids: RouteIds) => {
  const start = prefix(ids);
  return start === null || ids.reportId === null ? null : `${start}/report/${ids.reportId}${suffix}`;
};
const supplier = (suffix: string) => (ids: RouteIds) =>
  ids.supplierId === null ? null : `/records/supplier/${ids.supplierId}${suffix}`;
const dashboards = (ids: RouteIds) => (ids.dashboardId === null ? null : `/dashboards/${ids.dashboardId}`);

export const ROUTES_TO_CHECK: readonly RouteToCheck[] = [
  // Signed out.
  { route: '/login', visit: at('/login'), as: ['anonymous'] },
  { route: '/login/mfa', visit: at('/login/mfa'), as: ['anonymous'] },
  { route: '/login/code', visit: at('/login/code'), as: ['anonymous'] },
  { route: '/login/magic', visit: at('/login/magic'), as: ['anonymous'] },
  { route: '/login/certa', visit: at('/login/certa'), as: ['anonymous'] },
  { route: '/login/:loginType', visit: at('/login/okta'), as: ['anonymous'] },
  { route: '/login/magic/confirm', visit: at('/login/magic/confirm?token=not-a-token'), as: ['anonymous'] },
  { route: '/login/close', visit: at('/login/close'), as: ['anonymous'] },
  { route: '/login/invitation', visit: at('/login/invitation?token=not-a-token'), as: ['anonymous'] },
  { route: '/login/export-chart', visit: at('/login/export-chart'), as: ['anonymous'] },
  { route: '/service-unavailable', visit: at('/service-unavailable'), as: ['anonymous'] },
  { route: '/reload-required', visit: at('/reload-required'), as: ['anonymous'] },
  { route: '/storage-access-flow', visit: at('/storage-access-flow'), as: ['anonymous'] },
  { route: '/*', visit: at('/no/such/page'), as: ['anonymous', 'admin'] },

  // Signed in: the shell and everyday areas.
  { route: '/', visit: at('/'), as: ALL_SIGNED_IN },
  { route: '/account/security', visit: at('/account/security'), as: ALL_SIGNED_IN },
  { route: '/workflows/instances', visit: at('/workflows/instances'), as: READERS },
  {
    route: '/workflows/instances/:id/*',
    visit: (ids) => (ids.workflowId === null ? null : `/workflows/instances/${ids.workflowId}/`),
    as: ADMIN,
  },
  { route: '/process/:id', visit: workflow(''), as: ALL_SIGNED_IN },
  { route: '/process/:id/map', visit: workflow('/map'), as: READERS },
  { route: '/process/:id/wizard', visit: workflow('/wizard'), as: ADMIN },
  { route: '/process/:id/without-header', visit: workflow('/without-header'), as: ADMIN },
  { route: '/process/*', visit: at('/process/'), as: ADMIN },
  { route: '/home', visit: at('/home'), as: ADMIN },
  { route: '/tasks', visit: at('/tasks'), as: ALL_SIGNED_IN },
  { route: '/search', visit: at('/search'), as: ADMIN },
  { route: '/mysubscriptions', visit: at('/mysubscriptions'), as: ALL_SIGNED_IN },
  { route: '/notifications', visit: at('/notifications'), as: ALL_SIGNED_IN },
  { route: '/file-preview', visit: at('/file-preview'), as: ADMIN },
  { route: '/download', visit: at('/download'), as: ADMIN },
  { route: '/api/v1/attachment', visit: at('/api/v1/attachment/'), as: ADMIN },
  { route: '/paypal/connect', visit: at('/paypal/connect'), as: ADMIN },
  { route: '/beta-features', visit: at('/beta-features'), as: ADMIN },

  // Reports (spec 2 section 2.1).
  { route: '/dashboards', visit: at('/dashboards'), as: READERS },
  { route: '/dashboard/:dashboardId', visit: dashboard(''), as: READERS },
  { route: '/dashboards/:dashboardId/report/:reportId', visit: report(dashboards, ''), as: ADMIN },
  { route: '/report/:reportId', visit: report(() => '', ''), as: READERS },
  {
    route: '/dashboards/:dashboardId/report/new',
    visit: (ids) => suffixed(dashboards(ids), '/report/new'),
    as: ADMIN,
  },
  {
    route: '/dashboards/:dashboardId/records-report/new',
    visit: (ids) => suffixed(dashboards(ids), '/records-report/new'),
    as: ADMIN,
  },
  { route: '/dashboards/:dashboardId/report/:reportId/edit', visit: report(dashboards, '/edit'), as: ADMIN },
  { route: '/report/:reportId/edit', visit: report(() => '', '/edit'), as: ADMIN },
  { route: '/reports/tableau', visit: at('/reports/tableau'), as: ADMIN },
  { route: '/app/reports/v1/*', visit: report(() => '/app/reports/v1', ''), as: ADMIN },
  { route: '/embed/reports/v1/*', visit: report(() => '/embed/reports/v1', ''), as: ADMIN },

  // Records and batches (spec 2 section 2.3).
  { route: '/records/:objectType', visit: at('/records/supplier'), as: ADMIN },
  { route: '/records/:objectType/:objectId', visit: supplier(''), as: ADMIN },
  { route: '/records/:objectType/:objectId/:objectTab', visit: supplier('/related-workflows'), as: ADMIN },
  { route: '/batch-imports', visit: at('/batch-imports'), as: ADMIN },
  {
    route: '/batch-import/:importId',
    visit: (ids) => (ids.importId === null ? null : `/batch-import/${ids.importId}`),
    as: ADMIN,
  },
  { route: '/batch-updates', visit: at('/batch-updates'), as: ADMIN },
  { route: '/batch-update/:updateId', visit: at('/batch-update/1'), as: ADMIN },

  // Studio (spec 2 section 2.4).
  { route: '/studio', visit: at('/studio'), as: ADMIN },
  { route: '/studio/apps', visit: at('/studio/apps'), as: ADMIN },
  { route: '/studio/ai-app-builder', visit: at('/studio/ai-app-builder'), as: ADMIN },
  { route: '/studio/activity-logs', visit: at('/studio/activity-logs'), as: ADMIN },
  { route: '/studio/apps/:id', visit: at('/studio/apps/1'), as: ADMIN },
  { route: '/studio/apps/:id/:branch', visit: at('/studio/apps/1/main?tab=versions'), as: ADMIN },
  { route: '/studio/apps/:id/:branch/:savepoint', visit: at('/studio/apps/1/main/1'), as: ADMIN },
  // The demo app "Third-party risk" (app 1) holds the demo kinds; savepoint 1 is its version 1.0.
  {
    route: '/studio/apps/:id/:branch/designer/:process',
    visit: at('/studio/apps/1/main/designer/supplier_onboarding'),
    as: ADMIN,
  },
  {
    route: '/studio/apps/:id/:branch/designer/:process/:processSavepointId',
    visit: at('/studio/apps/1/main/designer/supplier_onboarding/1'),
    as: ADMIN,
  },
  {
    route: '/studio/apps/:id/:branch/objects/:object',
    visit: at('/studio/apps/1/main/objects/supplier'),
    as: ADMIN,
  },
  {
    route: '/studio/apps/:id/:branch/process/:process',
    visit: at('/studio/apps/1/main/process/supplier_onboarding'),
    as: ADMIN,
  },
  {
    route: '/studio/apps/:id/:branch/process/:process/:processSavepointId',
    visit: at('/studio/apps/1/main/process/supplier_onboarding/1'),
    as: ADMIN,
  },
  {
    route: '/studio/apps/:id/diff',
    visit: at('/studio/apps/1/diff?from=version:1&to=savepoint:1'),
    as: ADMIN,
  },
  { route: '/studio/apps/:id/settings/*', visit: at('/studio/apps/1/settings/'), as: ADMIN },
  { route: '/studio/apps/:id/:branch/settings/*', visit: at('/studio/apps/1/main/settings/'), as: ADMIN },
  {
    route: '/studio/apps/:id/:branch/:savepoint/settings/*',
    visit: at('/studio/apps/1/main/1/settings/'),
    as: ADMIN,
  },
  { route: '/studio/records/:stage', visit: at('/studio/records/draft'), as: ADMIN },
  { route: '/studio/records/:stage/:id', visit: at('/studio/records/deployed/1?app=1'), as: ADMIN },

  // Flows (spec 2 section 2.5).
  { route: '/hermes/flows', visit: at('/hermes/flows'), as: ADMIN },
  { route: '/hermes/flows/runs', visit: at('/hermes/flows/runs'), as: ADMIN },
  { route: '/hermes/flows/issues', visit: at('/hermes/flows/issues'), as: ADMIN },
  { route: '/hermes/connections', visit: at('/hermes/connections'), as: ADMIN },
  { route: '/hermes/flows/:flowId', visit: at('/hermes/flows/1'), as: ADMIN },
  { route: '/hermes/:id/:branch/:savepoint', visit: at('/hermes/1/main/1'), as: ADMIN },

  // Administration.
  { route: '/settings', visit: at('/settings'), as: ADMIN },
  { route: '/settings/users', visit: at('/settings/users'), as: ADMIN },
  { route: '/settings/groups', visit: at('/settings/groups'), as: ADMIN },
  { route: '/settings/sso', visit: at('/settings/sso'), as: ADMIN },
  { route: '/settings/security', visit: at('/settings/security'), as: ADMIN },
  { route: '/settings/branding', visit: at('/settings/branding'), as: ADMIN },
  { route: '/settings/languages', visit: at('/settings/languages'), as: ADMIN },
  { route: '/settings/access', visit: at('/settings/access'), as: ADMIN },
  { route: '/settings/global', visit: at('/settings/global'), as: ADMIN },
  { route: '/settings/tokens', visit: at('/settings/tokens'), as: ADMIN },
  { route: '/settings/shortcuts', visit: at('/settings/shortcuts'), as: ADMIN },
  { route: '/settings/badges', visit: at('/settings/badges'), as: ADMIN },
  { route: '/settings/scheduler', visit: at('/settings/scheduler'), as: ADMIN },
  { route: '/settings/audit', visit: at('/settings/audit'), as: ADMIN },
  { route: '/settings/mailbox', visit: at('/settings/mailbox'), as: ADMIN },
  { route: '/admin/*', visit: at('/admin/'), as: ADMIN },
];

function suffixed(start: string | null, suffix: string): string | null {
  return start === null ? null : `${start}${suffix}`;
}
