// The records feature's public face (issue 18): what the header needs. The list and record pages
// are loaded lazily by the app's router.

export { objectTypeQueryOptions, objectTypesQueryOptions } from './api/object-types';
export { recordKeys } from './api/record-keys';
export { RecordsNavMenu, RecordsNavSubmenu } from './components/records-nav-menu';
