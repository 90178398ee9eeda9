// The records feature's public face (issue 18): what the header needs. The list and record pages
// are loaded lazily by the app's router.

export { objectTypeQueryOptions, objectTypesQueryOptions } from './api/object-types';
export { type RecordListParams, recordKeys } from './api/record-keys';
// A batch update of records counts its selection with the list's own request.
export { recordsQueryOptions } from './api/records';
export { RecordsNavMenu, RecordsNavSubmenu } from './components/records-nav-menu';
