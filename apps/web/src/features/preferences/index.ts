// The preferences feature's public face (issue 13): language and time zone of the signed-in user.
export { useChangeLanguage } from './api/change-language';
export { useSyncTimezone } from './api/sync-timezone';
