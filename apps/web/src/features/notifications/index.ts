// The notifications feature's public face (issue 13): the bell, the live toast and the list keys
// the real-time routing refreshes.
export { NOTIFICATIONS_PAGE_SIZE } from './api/get-notifications';
export { type NotificationListParams, notificationKeys } from './api/notification-keys';
export { NotificationsBell } from './components/notifications-bell';
export { showNotificationToast } from './lib/notification-toast';
