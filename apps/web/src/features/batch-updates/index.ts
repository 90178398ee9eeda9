// The batch-updates feature's public face (issue 18): the dashboard opens a new update with its
// list's filters. The pages are loaded lazily by the app's router.
export { batchUpdateKeys } from './api/batch-update-keys';
export { newBatchUpdatePath } from './lib/new-update-path';
