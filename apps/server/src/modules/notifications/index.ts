// The notifications module's public face: what the rest of the server may use.
export { type NotificationInput, recordNotifications } from './notifications.repository.js';
export { notificationsRoutes } from './notifications.routes.js';
