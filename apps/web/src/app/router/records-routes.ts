import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../features/auth';

// Plan §7: the records pages arrive on demand, behind can_view_records (the API asks the same).
const recordsListPage = async () => ({
  Component: (await import('../../features/records/components/records-list-page')).RecordsListPage,
});
const updatesPage = async () => ({
  Component: (await import('../../features/batch-updates/components/updates-page')).UpdatesPage,
});
const updatePage = async () => ({
  Component: (await import('../../features/batch-updates/components/update-page')).UpdatePage,
});
const recordPage = async () => ({
  Component: (await import('../../features/records/components/record-page')).RecordPage,
});
const importsPage = async () => ({
  Component: (await import('../../features/batch-imports/components/imports-page')).ImportsPage,
});
const importPage = async () => ({
  Component: (await import('../../features/batch-imports/components/import-page')).ImportPage,
});

// Spec 2 section 2.3.
export const recordsRoutes: RouteObject[] = [
  {
    element: createElement(RequirePermission, { codename: 'can_view_records' }),
    handle: { area: 'records' },
    children: [
      { path: 'records/:objectType', handle: { area: 'records' }, lazy: recordsListPage },
      { path: 'records/:objectType/:objectId', handle: { area: 'records' }, lazy: recordPage },
      { path: 'records/:objectType/:objectId/:objectTab', handle: { area: 'records' }, lazy: recordPage },
    ],
  },
  // Plan §7: the import pipeline, behind can_view_import_pipeline (the API asks the same); importing
  // itself (can_perform_batch_import) is offered inside the pages.
  {
    element: createElement(RequirePermission, { codename: 'can_view_import_pipeline' }),
    handle: { area: 'batchImports' },
    children: [
      { path: 'batch-imports', handle: { area: 'batchImports' }, lazy: importsPage },
      { path: 'batch-import/:importId', handle: { area: 'batchImports' }, lazy: importPage },
    ],
  },
  // Plan §3: batch updates share the import's permission ("batch import/update is one area").
  {
    element: createElement(RequirePermission, { codename: 'can_perform_batch_import' }),
    handle: { area: 'batchUpdates' },
    children: [
      { path: 'batch-updates', handle: { area: 'batchUpdates' }, lazy: updatesPage },
      { path: 'batch-update/:updateId', handle: { area: 'batchUpdates' }, lazy: updatePage },
    ],
  },
];
